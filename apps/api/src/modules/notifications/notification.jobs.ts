import { LOCALE_TAGS, LOCALES } from '@selfcare/domain';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Brand } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EmailClient } from '../../integrations/email.ts';
import type { SmsClient } from '../../integrations/sms.ts';
import { defineJob, type Queue } from '../../jobs/queue.ts';
import { type EmailTemplates, emailContentSchema } from './email-registry.ts';
import { inboxRepository as inbox, type SentMessage } from './inbox.repository.ts';
import type { EmailContent } from './module-emails.ts';
import type { PushService } from './push.service.ts';

/**
 * `expiresAt`: when what the message carries (a login code) stops working. A worker that picks the
 * message up at or after it drops the message instead of sending something dead; the customer,
 * who saw nothing arrive, asks again.
 */
const expiresAt = z.iso.datetime().optional();

/**
 * A send takes seconds (the SMTP client gives up within 25 s, the SMS client within 10 s), so a
 * message a crashed worker held goes out again within about 40 s (its expiry, then the next
 * maintenance run), not after pg-boss's default quarter of an hour. Retries start
 * quick (2–4 s) and back off to about half an hour between tries, so an outage of the mail server or
 * SMS gateway delays an order's email instead of losing it.
 */
const messagePolicy = {
  retryLimit: 10,
  retryDelaySeconds: 2,
  expireInSeconds: 30,
  batch: 'messages',
} as const;

export const sendEmailJob = defineJob({
  name: 'notification.send-email',
  payload: z.object({
    to: z.string(),
    // Checked by its template's schema as it is written.
    content: emailContentSchema as unknown as z.ZodType<EmailContent>,
    /** The customer's language, which the sender chose (ADR 0055); English when absent. */
    locale: z.enum(LOCALES).optional(),
    expiresAt,
    /**
     * Whose inbox keeps it, when its template says it is kept (ADR 0058): the account named, or, when
     * left out, the customer account with the address it is sent to; `false` for none (staff's).
     */
    inbox: z.union([z.literal(false), z.object({ userId: z.uuid() })]).optional(),
  }),
  ...messagePolicy,
});

export const sendSmsJob = defineJob({
  name: 'notification.send-sms',
  payload: z.object({
    to: z.string(),
    text: z.string(),
    expiresAt,
    /**
     * The account whose inbox keeps the text, and the portal's page it is about (ADR 0058). Left out
     * for a text that carries a code: it is sent, never kept.
     */
    inbox: z.object({ userId: z.uuid(), link: z.string().nullable() }).optional(),
  }),
  ...messagePolicy,
});

const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  tag: z.string().optional(),
  /** The language it is written in, as a BCP 47 tag ('zh-Hans-SG'): the phone reads it aloud in it. */
  lang: z.string().optional(),
});

/**
 * A notification for a customer's browsers (ADR 0060): sent to each browser they allowed, while
 * their App notifications consent holds, and kept for their inbox once.
 */
export const sendPushJob = defineJob({
  name: 'notification.send-push',
  payload: z.object({ userId: z.uuid(), message: pushMessage }),
  ...messagePolicy,
});

/** One browser's copy of a notification: retried on its own, so another browser is not sent it twice. */
export const pushToDeviceJob = defineJob({
  name: 'notification.push-to-device',
  payload: z.object({ userId: z.uuid(), deviceId: z.uuid(), message: pushMessage }),
  ...messagePolicy,
});

export const pruneInboxJob = defineJob({
  name: 'notification.prune-inbox',
  payload: z.object({}),
  retryLimit: 4,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
});

export const notificationJobs = [sendEmailJob, sendSmsJob, sendPushJob, pushToDeviceJob, pruneInboxJob];

/**
 * Workers for outgoing email and SMS; a failed send throws and pg-boss retries it with backoff. What
 * went out is kept for the customer's inbox when its template or sender says so (ADR 0058): after the
 * send, so the inbox holds only what was sent, and once per job, so a retry after a send that went out
 * adds nothing.
 */
type PushMessage = z.infer<typeof pushMessage>;

/**
 * A notification's text: an email's first paragraph after its greeting, as many of its sentences as
 * fit in 180 characters (the first alone cut between two characters as a reader sees them).
 */
export function firstParagraph(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const first = (paragraphs.length > 1 ? paragraphs[1] : paragraphs[0]) ?? '';
  if (first.length <= 180) return first;
  let fit = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(first)) {
    if ((fit + segment).trimEnd().length > 180) break;
    fit += segment;
  }
  if (fit.trim()) return fit.trim();
  let cut = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(first)) {
    if (cut.length + segment.length > 179) break;
    cut += segment;
  }
  return `${cut.trimEnd()}…`;
}

export async function registerNotificationWorkers(
  queue: Queue,
  deps: {
    email: EmailClient;
    sms: SmsClient;
    brand: Brand;
    clock: Clock;
    templates: EmailTemplates;
    database: Database;
    /**
     * The open account a message to an address, or for an account, is kept for (auth's): a closed
     * account's messages still waiting to be sent are not kept.
     */
    recipientOf: (by: { email: string } | { userId: string }) => Promise<string | null>;
    push: PushService;
    /** Whether the customer allows App notifications (profiles'): nothing is pushed without it. */
    pushAllowed: (userId: string) => Promise<boolean>;
  },
) {
  const expired = (at: string | undefined) => at !== undefined && new Date(at) <= deps.clock.now();
  const db = deps.database.pool;
  /**
   * Keeps what went out for its account's inbox. The message is sent already: a copy that cannot be
   * kept now is lost, with a warning, rather than the job run again, which would send it twice.
   */
  const keep = async (
    jobId: string,
    by: { email: string } | { userId: string },
    message: Omit<SentMessage, 'sentAt' | 'jobId'>,
  ) => {
    try {
      const userId = await deps.recipientOf(by);
      if (userId) await inbox.record(db, userId, { ...message, sentAt: deps.clock.now(), jobId });
    } catch (err) {
      process.emitWarning(
        `An inbox copy of job ${jobId} was not kept: ${(err as Error).message}`,
        'InboxWarning',
      );
    }
  };
  /**
   * Queues the push an email also goes as (ADR 0060), once per email job. Best-effort, as `keep`: the
   * email went out, and a job run again would send it twice.
   */
  const alsoPush = async (
    jobId: string,
    by: { email: string } | { userId: string },
    message: PushMessage,
  ) => {
    try {
      const userId = await deps.recipientOf(by);
      if (userId) await queue.send(sendPushJob, { userId, message }, undefined, { once: jobId });
    } catch (err) {
      process.emitWarning(
        `The push of job ${jobId} was not queued: ${(err as Error).message}`,
        'PushWarning',
      );
    }
  };
  await queue.work(sendEmailJob, async ({ to, content, locale, expiresAt, inbox: keptFor }, job) => {
    if (expired(expiresAt)) return;
    const mail = deps.templates.render(deps.brand, content, locale);
    const attachments = await deps.templates.attachmentsOf(content);
    await deps.email.send({ to, ...mail, ...(attachments ? { attachments } : {}) }, `<${job.id}@selfcare>`);
    const kept = keptFor === false ? null : deps.templates.inboxOf(content);
    if (!kept) return;
    const by = keptFor ? { userId: keptFor.userId } : { email: to };
    await keep(job.id, by, { channel: 'email', title: mail.subject, body: mail.text, link: kept.link });
    const push = deps.templates.pushOf(content);
    if (push)
      await alsoPush(job.id, by, {
        title: mail.subject,
        body: firstParagraph(mail.text),
        link: kept.link,
        lang: LOCALE_TAGS[locale ?? 'en'],
        ...push,
      });
  });
  await queue.work(sendPushJob, async ({ userId, message }, job) => {
    if (!(await deps.pushAllowed(userId))) return;
    const devices = await deps.push.devicesOf(userId);
    if (devices.length === 0) return;
    // Each job's id is made from this job's and the browser's: this job run again queues none twice.
    await queue.sendMany(
      pushToDeviceJob,
      devices.map((d) => ({ data: { userId, deviceId: d.id, message }, once: `${job.id}:${d.id}` })),
    );
    await keep(
      job.id,
      { userId },
      { channel: 'push', title: message.title, body: message.body, link: message.link },
    );
  });
  // Asked again as it goes out, a retry perhaps long after: the consent withdrawn meanwhile, or the
  // browser now another account's, sends nothing.
  await queue.work(pushToDeviceJob, async ({ userId, deviceId, message }) => {
    if (!(await deps.pushAllowed(userId))) return;
    await deps.push.send(userId, deviceId, message);
  });
  await queue.work(sendSmsJob, async ({ to, text, expiresAt, inbox: kept }, job) => {
    if (expired(expiresAt)) return;
    await deps.sms.send(to, text, job.id);
    if (kept)
      await keep(
        job.id,
        { userId: kept.userId },
        { channel: 'sms', title: null, body: text, link: kept.link },
      );
  });
  await queue.work(pruneInboxJob, async () => {
    await inbox.prune(db, deps.clock.now());
  });
  // Every day at 03:50 Singapore time, among the night's other clean-ups.
  await queue.boss.schedule(pruneInboxJob.name, '50 3 * * *', {}, { tz: 'Asia/Singapore' });
}

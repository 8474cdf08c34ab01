import { chooseLocale, type Locale, toE164 } from '@selfcare/domain';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Brand } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import { type EmailContent, linkedPage, sendEmailJob, sendSmsJob } from '../notifications/index.ts';
import { users } from './auth.schema.ts';
import { renderSecurityAlertSms } from './auth-emails.ts';

type WithoutName<T> = T extends unknown ? Omit<T, 'name'> : never;
/** An email to an account holder greeted by their first name, which the queue fills in. */
type Greeted = Extract<EmailContent, { name: string }>;
/** A notice's content, without the name the queue fills in. */
export type NoticeContent = WithoutName<Greeted>;
export interface Notice {
  userId: string;
  /** Names the event (a payment's id, a change's id): the jobs' ids are made from it (ADR 0061). */
  key: string;
  /**
   * What it says; or, so that its values (a moment, a day, a month) are written in the account's
   * language (ADR 0055), what it says in a given language, which the queue asks for in the account's.
   */
  notice: NoticeContent | ((locale: Locale) => NoticeContent);
}

/**
 * What queuing a notice needs: the queue, the brand, and the language to write to an account whose
 * holder chose none (DEFAULT_LANGUAGE).
 */
export interface NoticeDeps {
  queue: Queue;
  brand: Brand;
  defaultLocale: Locale;
}

/**
 * Queues notices to accounts in `tx` (here, beside the accounts they are addressed to by id), the transaction that records what they tell of: each one's
 * email (to the account's address, when it has one) and, for a security alert, an SMS to the
 * account's contact number too, so that someone who took over the email address cannot hide it.
 * Each is written in the account's language (ADR 0055): the email job carries it for its template,
 * the SMS is written in it here. The jobs' ids are made from the notice's key (`once`), so the same
 * event queued twice is sent once, and each email's Message-ID is its job's. All in two
 * statements, however many.
 */
export async function queueNotices(tx: Tx, deps: NoticeDeps, notices: Notice[]) {
  if (notices.length === 0) return;
  const found = await tx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      phoneNumber: users.phoneNumber,
      language: users.language,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(notices.map((n) => n.userId))]));
  const byId = new Map(found.map((u) => [u.id, u]));
  const emails: { data: z.infer<typeof sendEmailJob.payload>; once: string }[] = [];
  const texts: { data: z.infer<typeof sendSmsJob.payload>; once: string }[] = [];
  for (const { userId, key, notice: said } of notices) {
    const to = byId.get(userId);
    if (!to) continue;
    const locale = chooseLocale({ chosen: to.language, configured: deps.defaultLocale });
    const notice = typeof said === 'function' ? said(locale) : said;
    const once = `${notice.template}:${key}`;
    if (to.email)
      emails.push({
        data: { to: to.email, content: { ...notice, name: to.firstName } as Greeted, locale },
        once,
      });
    if (notice.template === 'security-alert' && to.phoneNumber)
      texts.push({
        data: {
          to: toE164(to.phoneNumber),
          text: renderSecurityAlertSms(deps.brand, notice, locale),
          // Kept for the account's inbox beside its email, with its link (ADR 0058).
          inbox: { userId, link: linkedPage(notice) },
        },
        once: `${once}:sms`,
      });
  }
  await deps.queue.sendMany(sendEmailJob, emails, tx);
  await deps.queue.sendMany(sendSmsJob, texts, tx);
}

/** One notice (see `queueNotices`). */
export const queueNotice = (
  tx: Tx,
  deps: NoticeDeps,
  userId: string,
  key: string,
  notice: Notice['notice'],
) => queueNotices(tx, deps, [{ userId, key, notice }]);

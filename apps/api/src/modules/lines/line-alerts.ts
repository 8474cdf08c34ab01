import { formatSgDateTime, formatSgDay, type Locale } from '@selfcare/domain';
import type { Brand } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import { queueNotices, type SecurityEvent } from '../auth/index.ts';

/** What a line's security alerts are sent with. */
export interface LineAlertDeps {
  queue: Queue;
  brand: Brand;
  publicUrl: string;
  /** The language to write to an account whose holder chose none (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

/**
 * Security alerts of changes to lines (ADR 0038), by email and SMS to the account, queued in the
 * transaction that makes the change: sent once, and only of what was recorded. `key` names the change
 * (its row's id, or the line and the moment), so each change is told once. `by` says support made it.
 * A `detail` that is a day (a termination's) is given as 'YYYY-MM-DD', and written in the account's
 * language with the moment.
 */
export async function alertLines(
  tx: Tx,
  deps: LineAlertDeps,
  event: SecurityEvent,
  at: Date,
  alerts: { userId: string; key: string; msisdn: string; detail?: string }[],
  by?: 'support',
) {
  await queueNotices(
    tx,
    deps,
    alerts.map((a) => ({
      userId: a.userId,
      key: `${event}:${a.key}`,
      // Its moment and day as the account's language writes them (ADR 0055); a day is 'YYYY-MM-DD'.
      notice: (locale: Locale) => ({
        template: 'security-alert' as const,
        event,
        msisdn: a.msisdn,
        ...(a.detail
          ? { detail: event === 'termination' ? formatSgDay(a.detail, 'day', locale) : a.detail }
          : {}),
        at: formatSgDateTime(at, locale),
        ...(by ? { by } : {}),
        link: new URL('/dashboard', deps.publicUrl).toString(),
      }),
    })),
  );
}

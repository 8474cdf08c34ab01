import { formatSgDateTime } from '@selfcare/domain';
import type { Brand } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import { queueNotices, type SecurityEvent } from '../auth/index.ts';

/** What a line's security alerts are sent with. */
export interface LineAlertDeps {
  queue: Queue;
  brand: Brand;
  publicUrl: string;
}

/**
 * Security alerts of changes to lines (ADR 0038), by email and SMS to the account, queued in the
 * transaction that makes the change: sent once, and only of what was recorded. `key` names the change
 * (its row's id, or the line and the moment), so each change is told once. `by` says support made it.
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
      notice: {
        template: 'security-alert' as const,
        event,
        msisdn: a.msisdn,
        ...(a.detail ? { detail: a.detail } : {}),
        at: formatSgDateTime(at),
        ...(by ? { by } : {}),
        link: new URL('/dashboard', deps.publicUrl).toString(),
      },
    })),
  );
}

import { chooseLocale, formatUsage, type Locale, pathFor, toE164 } from '@selfcare/domain';
import type { Brand } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { MvneBucket, MvneClient } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendEmailJob, sendSmsJob } from '../notifications/index.ts';
import { usageRepository as repo } from './usage.repository.ts';
import { renderUsageAlertSms } from './usage-emails.ts';

/** The share of a data bucket used at which the customer is told, in percent. */
export const ALERT_THRESHOLDS = [80, 100] as const;

/**
 * The thresholds a bucket has passed: 80 and 100 (percent used) of a data bucket of the line's own
 * (plan or add-on, at home or roaming). Rollover data is a gift on top of the plan's: no alert.
 */
export function passedThresholds(
  b: Pick<MvneBucket, 'usageType' | 'origin' | 'size' | 'remaining'>,
): number[] {
  if (b.usageType !== 'data' || b.origin === 'rollover' || b.size <= 0) return [];
  const used = ((b.size - Math.max(0, b.remaining)) / b.size) * 100;
  return ALERT_THRESHOLDS.filter((t) => used >= t);
}

/**
 * Usage alerts: when a data bucket passes 80% and 100%, the account holder gets one email and the
 * line one SMS per bucket and threshold. A bucket is a month's (its id names the month), so that is
 * once a month. Sent through the message jobs in the transaction that records the alert, so never
 * twice and never lost.
 */
export class UsageAlerts {
  constructor(
    private readonly deps: {
      database: Database;
      queue: Queue;
      mvne: Pick<MvneClient, 'usage'>;
      brand: Brand;
      publicUrl: string;
      /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
      defaultLocale: Locale;
    },
  ) {}

  /** Job: reads the lines' buckets from the MVNE and sends the alerts they have newly earned. */
  async check(lineIds: string[]) {
    const lines = await repo.alertLines(this.deps.database.db, lineIds);
    const byService = new Map(
      lines.filter((l) => l.mvneServiceId).map((l) => [l.mvneServiceId as string, l]),
    );
    if (!byService.size) return;
    const buckets = await this.deps.mvne.usage.usageConsumption([...byService.keys()]);
    for (const bucket of buckets) {
      const line = bucket.serviceId ? byService.get(bucket.serviceId) : undefined;
      const passed = passedThresholds(bucket);
      if (!line || !passed.length) continue;
      await this.deps.database.transaction(async (tx) => {
        const fresh = await repo.recordAlerts(tx.client, line.id, bucket.id, passed);
        // Both at once (a backlog imported): the higher says it all; the lower is recorded, not sent.
        const threshold = Math.max(...fresh);
        if (!fresh.length) return;
        const left = formatUsage(bucket.remaining, bucket.units);
        const size = formatUsage(bucket.size, bucket.units);
        const where = bucket.scope === 'roaming' ? 'roaming data' : 'data';
        // The account's language (ADR 0055), for the line's SMS as for the account holder's email.
        const locale = chooseLocale({ chosen: line.language, configured: this.deps.defaultLocale });
        await this.deps.queue.send(
          sendSmsJob,
          {
            to: toE164(line.msisdn),
            text: renderUsageAlertSms(
              this.deps.brand,
              {
                where,
                percent: threshold,
                left,
                stopsAtLimit: line.stopDataAtLimit,
              },
              locale,
            ),
            // Kept for the account's inbox, linked to the usage page (ADR 0058).
            inbox: { userId: line.userId, link: pathFor('local') },
          },
          tx,
        );
        if (line.email)
          await this.deps.queue.send(
            sendEmailJob,
            {
              to: line.email,
              content: {
                template: 'usage-alert',
                name: line.firstName,
                msisdn: line.msisdn,
                where,
                percent: threshold,
                left,
                size,
                stopsAtLimit: line.stopDataAtLimit,
                link: new URL('/dashboard/local', this.deps.publicUrl).toString(),
              },
              locale,
            },
            tx,
          );
      });
    }
  }
}

import {
  chooseLocale,
  formatMoney,
  formatSg,
  formatSgDay,
  gstIncluded,
  type Locale,
  pathFor,
} from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { Tx } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { yourCard } from './product-emails.ts';
import { type LineProductRow, productsRepository as repo } from './products.repository.ts';

/** A purchase's reference on its receipts: its id's first eight characters, as bills shorten ids. */
export const receiptNumber = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * Emails the receipt of a one-time card purchase, or of its refund, in the transaction that records
 * the payment or the refund: told once, and only of what was recorded. A customer with no email
 * address (none on file) gets none; /bills lists it all the same. It is written in the account's
 * language (ADR 0055), its days too.
 */
export async function queueReceipt(
  tx: Tx,
  deps: { queue: Queue; gstPercent: number; publicUrl: string; defaultLocale: Locale },
  row: LineProductRow,
  kind: 'purchase-receipt' | 'purchase-refund',
  at: Date,
) {
  const facts = await repo.receiptOf(tx.db, row.id);
  if (!facts?.email) return;
  const locale = chooseLocale({ chosen: facts.language, configured: deps.defaultLocale });
  const common = {
    name: facts.firstName,
    receipt: receiptNumber(row.id),
    product: facts.product,
    msisdn: facts.msisdn,
    amount: formatMoney(row.priceCents),
    card: row.card ?? yourCard(locale),
    date: formatSgDay(sgDate(at), 'day', locale),
    link: new URL(pathFor('bills'), deps.publicUrl).toString(),
  };
  const content =
    kind === 'purchase-receipt'
      ? {
          template: kind,
          ...common,
          gst: formatMoney(gstIncluded(row.priceCents, deps.gstPercent)),
          gstPercent: deps.gstPercent,
          // A pack bought for a later day (ADR 0041), the only purchase with its days set when paid,
          // says when it serves: its first and last day.
          ...(row.startsAt && row.endsAt
            ? {
                validity: {
                  from: formatSg(row.startsAt, 'day', locale),
                  to: formatSg(new Date(row.endsAt.getTime() - 1), 'day', locale),
                },
              }
            : {}),
        }
      : { template: kind, ...common };
  await deps.queue.send(sendEmailJob, { to: facts.email, content, locale }, tx);
}

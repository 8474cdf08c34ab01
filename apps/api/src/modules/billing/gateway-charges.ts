import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentsClient } from '../../integrations/payments.ts';
import type { CardPaymentOwners } from './card-payment-owners.ts';
import { type FoundCharge, gatewayChargesRepository as repo } from './gateway-charges.repository.ts';
import { reconciliationCursors as cursors } from './reconciliation-cursors.repository.ts';

const SOURCE = 'gateway' as const;
const PAGE = 500;
/**
 * How old a charge is before it is judged: the record that asked for it settles it within seconds
 * (or its own reconciler within minutes), and a refund it has decided on is queued by then.
 */
export const SETTLE_WINDOW_MS = 15 * 60_000;

/**
 * The card gateway is the record of what was charged (ADR 0033). Its list of charges is read by
 * cursor, every few minutes and when a worker starts; a charge that holds money no record of ours
 * accounts for (an attempt we never made, or one our record says was not paid) is kept for a
 * supervisor, who refunds it. The cursor is the last charge judged: it waits before the first one
 * still inside the settle window.
 */
export class GatewayCharges {
  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      payments: PaymentsClient;
      owners: CardPaymentOwners;
    },
  ) {}

  /** Throws PaymentsUnavailableError when the gateway cannot be read; the next run reads on. */
  async reconcile(): Promise<{ read: number; kept: number }> {
    const total = { read: 0, kept: 0 };
    const judgeBefore = this.deps.clock.now().getTime() - SETTLE_WINDOW_MS;
    for (;;) {
      const from = await cursors.get(this.deps.database.pool, SOURCE);
      const page = await this.deps.payments.chargesAfter(from, PAGE);
      const ready = page.charges.filter((c) => c.createdAt.getTime() <= judgeBefore);
      // Charges are listed in the order made: the first too young stops the read, and the cursor.
      const young = ready.length < page.charges.length;
      const last = ready.at(-1);
      if (!last) return total;
      const holding: FoundCharge[] = ready
        .filter((c) => c.status === 'succeeded' && c.amount - c.amountRefunded > 0)
        .map((c) => ({
          id: c.id,
          attemptId: c.metadata.attemptId ?? null,
          amountCents: c.amount - c.amountRefunded,
          chargedAt: c.createdAt,
        }));
      // Each module that charges cards says which of its attempts it accounts for.
      const accounted = await this.deps.owners.accounted(
        holding.flatMap((c) => (c.attemptId ? [c.attemptId] : [])),
      );
      const unaccounted = holding.filter((c) => !c.attemptId || !accounted.has(c.attemptId));
      const kept = await this.deps.database.transaction(async (tx) => {
        await repo.keep(tx.client, unaccounted, this.deps.clock.now());
        await cursors.move(tx.client, SOURCE, from, last.id, this.deps.clock.now());
        return unaccounted.length;
      });
      total.read += ready.length;
      total.kept += kept;
      if (young || !page.hasMore) return total;
    }
  }
}

import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { accountExportOf } from '../auth/index.ts';
import { billingExportOf } from '../billing/index.ts';
import { linesExportOf } from '../lines/index.ts';
import { ordersExportOf } from '../orders/index.ts';
import { productsExportOf } from '../products/index.ts';
import { profileExportOf } from '../profiles/index.ts';
import { usageExportOf } from '../usage/index.ts';

/**
 * Everything the operator holds about the customer that they gave or that their use made, as one
 * JSON document (PDPA access): the login, the profile with consents, lines, orders, products,
 * bills with their charges and payments, and usage by day. Card numbers are never held, only the
 * gateway's token, which is left out. Each module gives its own part; the whole account's work
 * (this, closing, erasure) is the users module's, which comes after them all (ADR 0045).
 */
export class AccountExport {
  constructor(private readonly deps: { database: Database; clock: Clock }) {}

  async export(userId: string): Promise<Record<string, unknown>> {
    const pool = this.deps.database.pool;
    const now = this.deps.clock.now();
    const [account, profile, ordering, lines, products, billing, usage] = await Promise.all([
      accountExportOf(pool, userId),
      profileExportOf(pool, userId),
      ordersExportOf(pool, userId),
      linesExportOf(pool, userId),
      productsExportOf(pool, userId, now),
      billingExportOf(pool, userId),
      usageExportOf(pool, userId),
    ]);
    return {
      exportedAt: now.toISOString(),
      account,
      profile,
      cards: ordering.cards,
      lines,
      orders: ordering.orders,
      products,
      bills: billing.bills,
      charges: billing.charges,
      payments: billing.payments,
      usageByDay: usage,
    };
  }
}

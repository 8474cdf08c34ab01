import { Messages } from '@selfcare/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { accountRecords, toAuthUser } from '../auth/index.ts';
import type { OrderHistoryService } from '../orders/index.ts';

export class UsersService {
  constructor(
    private readonly database: Database,
    private readonly history: OrderHistoryService,
  ) {}

  /** A customer reads only their own record; any other id looks like it does not exist. */
  getUser(me: CurrentUser, id: string) {
    if (id !== me.id) throw new AppError(404, Messages.notFound);
    return toAuthUser(me);
  }

  /**
   * What /myAccount shows: the customer, the additional lines they hold and their orders, and for the
   * latest one its progress, or why it did not go ahead and what was refunded.
   */
  async accountSummary(me: CurrentUser) {
    // The lines do not depend on the orders: both are read at once.
    const [orders, sublines] = await Promise.all([
      this.history.list(me),
      accountRecords.sublinesOf(this.database.db, me.id),
    ]);
    // history.list returns only this customer's orders, newest first.
    const latest = orders[0];
    const [{ timeline: latestTimeline, progress }, latestOutcome] = latest
      ? await Promise.all([
          this.history.latest(latest.id, me.status),
          this.history.outcome(latest.id, latest.status),
        ])
      : [{ timeline: [], progress: null }, null];
    return {
      user: toAuthUser(me),
      memberSince: me.createdAt.toISOString(),
      orders,
      latestTimeline,
      progress,
      latestOutcome,
      sublines: sublines.map((s) => ({
        id: s.id,
        name: `${s.firstName} ${s.lastName}`.trim(),
        phoneNumber: s.phoneNumber,
        activated: s.activated,
      })),
    };
  }
}

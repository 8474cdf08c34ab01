import type { CurrentUser } from '../../plugins/auth.ts';
import { requireOrdering } from './draft-data.ts';
import {
  chosenPromotion,
  completeDraft,
  offeredPromotion,
  priceOrder,
  type QuoteDeps,
} from './order-quote.ts';

/** What the order costs before the customer pays: step 5's summary and the promotion code they try. */
export class QuoteService {
  constructor(private readonly deps: QuoteDeps) {}

  /** Step 5: every line, fee, promotion, GST and the total, and how long the new numbers are held. */
  async summary(me: CurrentUser, promotionCode?: string | null) {
    requireOrdering(me);
    const { row, data, held } = await completeDraft(this.deps, me);
    const { lines, quote } = await priceOrder(
      this.deps,
      me,
      data,
      await chosenPromotion(this.deps, me, promotionCode),
    );
    return {
      lines,
      quote,
      roadshow: me.roadshow,
      typeSim: data.plan.typeSim,
      delivery: data.delivery,
      account: {
        fullName: data.account.fullName,
        idNumber: data.account.idNumber,
        contactNumber: data.account.contactNumber,
      },
      reservationUntil: held && row.reservedUntil ? row.reservedUntil.toISOString() : null,
    };
  }

  /** What a promotion code gives (getPromotionCode). */
  async checkPromotion(me: CurrentUser, code: string) {
    requireOrdering(me);
    return offeredPromotion(this.deps, me, code);
  }
}

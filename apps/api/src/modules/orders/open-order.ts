import { nextOrderStatus, OrderAction } from '@selfcare/domain/fulfilment';
import type { Promotion, Quote } from '@selfcare/domain/order';
import type { Tx } from '../../db/client.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { CompleteDraft } from './draft-data.ts';
import { orderRepository as repo } from './order.repository.ts';

/**
 * Records the draft as the customer's open (unpaid) order when a checkout starts. One open order per
 * customer: paying again updates it rather than adding another.
 */
export async function saveOpenOrder(
  tx: Tx,
  catalog: Pick<CatalogService, 'redeem' | 'release'>,
  me: CurrentUser,
  reservationId: string | null,
  data: CompleteDraft,
  quote: Quote,
  promotion: Promotion | null,
  now: Date,
) {
  const open = await repo.openOrder(tx.db, me.id);
  const status = nextOrderStatus(open?.status ?? null, OrderAction.CheckoutStarted, data.plan.typeSim);
  // openOrder finds only unpaid orders, which a checkout may always start again.
  if (!status) throw new Error(`order ${open?.id} cannot start a checkout from '${open?.status}'`);
  const values = {
    status,
    roadshow: me.roadshow,
    typeSim: data.plan.typeSim,
    deliveryMethod: data.delivery.deliveryMethod,
    deliveryDate: data.delivery.deliveryDate ?? null,
    deliveryAddress: data.delivery.delivery ?? null,
    billingAddress: data.delivery.billing ?? data.delivery.delivery,
    profile: data.account,
    promotionCode: promotion?.code ?? null,
    quote,
    totalCents: quote.totalCents,
    dueNowCents: quote.dueNowCents,
    mvneReservationId: reservationId,
    updatedAt: now,
  };
  // A code counts against its cap once per order that holds it, taken or given back here.
  const held = open?.promotionCode ?? null;
  const wanted = promotion?.code ?? null;
  if (wanted !== held) {
    if (held) await catalog.release(tx.db, held);
    if (wanted) await catalog.redeem(tx.db, wanted);
  }
  const order = open
    ? { ...open, ...values }
    : await repo.insertOrder(tx.db, {
        ...values,
        orderNumber: await repo.nextOrderNumber(tx.db),
        userId: me.id,
        createdAt: now,
      });
  if (open) await repo.updateOrder(tx.db, open.id, values);
  await repo.replaceLines(
    tx.db,
    order.id,
    data.plan.lines.map((l, i) => {
      const n = data.numbers.lines[i] as CompleteDraft['numbers']['lines'][number];
      return {
        position: i,
        planCode: l.planCode,
        addonCodes: l.addonCodes,
        numberType: n.numberType,
        msisdn: n.msisdn,
        donorNetwork: n.donorNetwork,
      };
    }),
  );
  await repo.addEvent(tx.db, order.id, now, open ? 'order-updated' : 'order-created');
  return order;
}

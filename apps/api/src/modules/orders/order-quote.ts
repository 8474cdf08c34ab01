import {
  lineLabel,
  NETWORKS,
  NumberType,
  OrderMessages,
  type Promotion,
  quoteOrder,
  type SummaryLine,
} from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { CatalogService } from '../catalog/index.ts';
import { draftRepository } from './draft.repository.ts';
import type { CompleteDraft, DraftData } from './draft-data.ts';
import { orderRepository } from './order.repository.ts';

/** What pricing an order reads: the draft, the clock, and the catalog's plans, add-ons, fees and codes. */
export interface QuoteDeps {
  database: Database;
  clock: Clock;
  catalog: CatalogService;
}

/** The draft, all four steps done, and whether the hold on its new numbers is still running. */
export async function completeDraft(deps: QuoteDeps, me: CurrentUser) {
  const row = await draftRepository.find(deps.database.db, me.id);
  const data = (row?.data ?? {}) as DraftData;
  if (!row || !data.plan || !data.numbers || !data.account || !data.delivery)
    throw new AppError(409, OrderMessages.orderIncomplete);
  const wanted = data.numbers.lines.filter((l) => l.numberType === NumberType.New).map((l) => l.msisdn);
  const held =
    wanted.length === 0 ||
    (row.reservedUntil !== null &&
      row.reservedUntil > deps.clock.now() &&
      wanted.every((n) => row.reservedNumbers.includes(n)));
  return { row, data: data as CompleteDraft, held };
}

/** What a promotion code gives this customer today; the code their open order holds is still theirs. */
export async function offeredPromotion(deps: QuoteDeps, me: CurrentUser, code: string) {
  const held = (await orderRepository.openOrder(deps.database.db, me.id))?.promotionCode ?? null;
  return deps.catalog.promotion(code, deps.clock.now(), held);
}

/** The promotion a summary or a checkout asks for; none when no code was given. */
export async function chosenPromotion(
  deps: QuoteDeps,
  me: CurrentUser,
  code: string | null | undefined,
): Promise<Promotion | null> {
  if (!code?.trim()) return null;
  return offeredPromotion(deps, me, code);
}

/**
 * What the order costs: each line as the summary shows it, and the quote (plans, add-ons, fees, the
 * promotion, GST, and what is charged now, nothing for a roadshow order).
 */
export async function priceOrder(
  deps: QuoteDeps,
  me: CurrentUser,
  data: CompleteDraft,
  promotion: Promotion | null,
) {
  const [plans, addons] = await Promise.all([deps.catalog.plansFor(me.cisTypes), deps.catalog.addons()]);
  const lines: SummaryLine[] = [];
  const quoteLines = data.plan.lines.map((choice, i) => {
    const plan = plans.find((p) => p.code === choice.planCode);
    if (!plan) throw AppError.field(`lines.${i}.planCode`, OrderMessages.choosePlan, 409);
    const chosen = choice.addonCodes.map((c) => addons.find((a) => a.code === c)).filter((a) => !!a);
    const number = data.numbers.lines[i];
    if (!number) throw new AppError(409, OrderMessages.orderIncomplete);
    lines.push({
      label: lineLabel(i),
      planName: plan.name,
      addons: chosen.map((a) => a.name),
      numberType: number.numberType,
      msisdn: number.msisdn,
      donorNetwork: number.donorNetwork === null ? null : (NETWORKS[number.donorNetwork] ?? null),
    });
    return {
      label: lineLabel(i),
      planName: plan.name,
      planCents: plan.monthlyCents,
      addons: chosen.map((a) => ({ name: a.name, cents: a.monthlyCents })),
      numberType: number.numberType,
    };
  });
  const quote = quoteOrder({
    lines: quoteLines,
    deliveryMethod: data.delivery.deliveryMethod,
    promotion,
    fees: deps.catalog.fees,
    chargeNow: !me.roadshow,
  });
  return { lines, quote };
}

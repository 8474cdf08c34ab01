import { formatMoney } from '@selfcare/domain';
import type {
  CatalogProduct,
  LineProduct,
  ProductLine,
  ProductsView,
} from '@selfcare/domain/contracts/products';
import { t } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { lineName } from './line-heading.ts';
import '../texts.ts';

export { byCountryName, countryName } from '../../../lib/country-name.ts';

/** The last day something serves: the day before the instant it ends (00:00 belongs to the next day). */
export const lastDay = (endsAt: string) => formatSg(new Date(Date.parse(endsAt) - 1), 'day');

const AND = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** The lines a purchase is for, as the customer reads them: 'A and B'. */
export function linesText(ids: readonly string[], lines: readonly ProductLine[]): string {
  return AND.format(
    ids.map((id) => {
      const line = lines.find((l) => l.id === id);
      return line ? lineName(line) : id;
    }),
  );
}

const BRANDS: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The saved card as printed on a receipt: 'VISA •••• 4242'. */
export const cardName = (card: NonNullable<ProductsView['card']>) =>
  `${BRANDS[card.brand.toLowerCase()] ?? card.brand.toUpperCase()} •••• ${card.last4}`;

/** What a catalog product costs: '$4.00, valid 30 days' or '$6.00 a month'. */
export function priceText(p: Pick<CatalogProduct, 'priceCents' | 'recurrence' | 'validityDays'>): string {
  const price = formatMoney(p.priceCents);
  return p.recurrence === 'once'
    ? t('products.price.once', { price, days: p.validityDays ?? 30 })
    : t('products.price.monthly', { price });
}

/** The catalog entry of a product the lines have (its description, validity, countries). */
export const catalogOf = (p: LineProduct, catalog: readonly CatalogProduct[]) =>
  catalog.find((c) => c.code === p.code);

/**
 * Whether a product the lines have is shared by lines: as the catalog sells it, or, for one no longer
 * on sale, whether it serves more than one line.
 */
export const isShareable = (p: LineProduct, catalog: readonly CatalogProduct[]) =>
  catalogOf(p, catalog)?.shareable ?? p.lineIds.length > 1;

/** The account's lines that can have a product now: active, on a plan it is sold for. */
export const linesFor = (p: Pick<CatalogProduct, 'planCodes'>, lines: readonly ProductLine[]) =>
  lines.filter((l) => l.state === 'active' && (!p.planCodes || p.planCodes.includes(l.planCode)));

/**
 * Until when a product serves, in a line: a one-time product until its end, a monthly one renews or
 * ends on the last day of the month it was removed in; null while that is not known yet, or for a
 * purchase refunded.
 */
export function untilText(p: LineProduct): string | null {
  // Given back before it served: it was never valid.
  if (p.payment === 'refunded') return null;
  if (p.state === 'ending' && p.endsAt) return t('products.owned.endsOn', { date: lastDay(p.endsAt) });
  if (p.recurrence === 'monthly') return p.state === 'active' ? t('products.owned.renews') : null;
  // Bought to start on a later day: the customer reads both days (ADR 0041).
  if (p.state === 'scheduled' && p.startsAt && p.endsAt)
    return t('products.owned.validFromTo', {
      from: formatSg(p.startsAt, 'day'),
      to: lastDay(p.endsAt),
    });
  return p.endsAt ? t('products.owned.validUntil', { date: lastDay(p.endsAt) }) : null;
}

/** A Singapore day (YYYY-MM-DD) as the pages write dates: '25 November 2026'. */
export const dayText = (day: string) => formatSg(day, 'day');

/** A product's status as the customer reads it: a purchase given back reads refunded, whatever its state. */
export const stateKey = (p: LineProduct) => (p.payment === 'refunded' ? 'refunded' : p.state);

/**
 * Whether the lines a shareable product serves may be changed now: once it is active (or at the
 * network, waiting for its start day), and a monthly booster only once a month.
 */
export const mayChangeLines = (p: LineProduct) =>
  (p.state === 'active' && (p.recurrence === 'once' || p.changeable)) ||
  (p.state === 'scheduled' && p.recurrence === 'once');

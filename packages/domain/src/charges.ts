/**
 * What a bill's charges say (ADR 0055): the words the API writes as a charge's reason, in English,
 * and a charge with a day or a month in it written in the reader's language. The reason stays the
 * English the staff console, the exports and a page of the release before read; the message
 * catalogs translate it by these templates, and a charge whose words carry a day or a month
 * (`ChargeWords`) is written from its parts, so that the day reads as the reader's language writes it.
 */
import { formatBillMonth } from './billing.ts';
import type { ChargeWords } from './contracts/bills.ts';
import type { Locale } from './locales.ts';
import { type MessageCatalog, translateMessage } from './message-texts.ts';
import { formatSgDay } from './sg-date.ts';

export const ChargeMessages = {
  /** Use charged beyond the plan, by the usage record's scope. */
  usage: {
    idd: 'IDD calls and SMS',
    roaming: 'Roaming',
    beyondBundle: 'Use beyond the bundle',
  },
  /** A monthly price for part of the month: the plan's or product's name, its first day, the days. */
  partMonth: (name: string, from: string, days: string, monthDays: string) =>
    `${name} from ${from} (${days} of ${monthDays} days)`,
  /** Use of an earlier month that reached the bill run after that month's bill. */
  recordedLate: (what: string, month: string) => `${what} (${month}, recorded late)`,
  orderFirstMonth: (orderNumber: string) => `Order ${orderNumber}: first month and fees`,
  orderItems: (items: string, orderNumber: string) => `${items} (order ${orderNumber})`,
  orderCancelled: (orderNumber: string) => `Order ${orderNumber} cancelled`,
  notActivated: (days: string, orderNumber: string) =>
    `SIM not activated within ${days} days of order ${orderNumber}`,
  numberChange: (from: string, to: string) => `Number change from ${from} to ${to}`,
  simReplacement: (msisdn: string) => `SIM replacement for ${msisdn}`,
  overdueNotice: (billNumber: string) => `Overdue notice: bill ${billNumber}`,
  creditCarried: (billNumber: string) => `Credit carried from bill ${billNumber}`,
  cardNotNeeded: (billNumber: string) => `Card payment for bill ${billNumber}: the part not needed, credited`,
  payNowNotNeeded: (amount: string, billNumber: string) =>
    `PayNow of ${amount} for bill ${billNumber}: the part not needed, credited`,
  payNowAppliedNotNeeded: (amount: string, billNumber: string) =>
    `PayNow of ${amount} applied to bill ${billNumber}: the part not needed, credited`,
  paidTwice: 'Payment received twice: credited',
  creditFor: (charge: string) => `Credit: ${charge}`,
  goodwill: 'Goodwill credit',
} as const;

/**
 * `template` (an English template, '{name} from {from}') in the catalog's language with `values`,
 * already written for the reader, filled in; English's own when there is no catalog or it lacks it.
 */
function writeMessage(
  catalog: MessageCatalog | undefined,
  template: string,
  values: Readonly<Record<string, string>>,
): string {
  const text = catalog && Object.hasOwn(catalog, template) ? (catalog[template] as string) : template;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const template = (fn: (...names: string[]) => string, ...names: string[]) =>
  fn(...names.map((n) => `{${n}}`));

/**
 * What a charge says in `locale`, with `catalog` that language's domain messages (none for English):
 * written from its words when it has them, else its reason translated by the catalog's templates,
 * the values the catalog has whole translated too ('Credit: Roaming').
 */
export function describeCharge(
  charge: { description: string; words?: ChargeWords | null },
  locale: Locale,
  catalog: MessageCatalog | undefined,
  /** A value the catalog does not have, in the language (the API's writes an English day in it). */
  value?: (english: string) => string,
): string {
  const say = (text: string) => (catalog ? translateMessage(catalog, text, value) : text);
  const words = charge.words;
  if (!words) return say(charge.description);
  if (words.kind === 'items')
    return writeMessage(catalog, template(ChargeMessages.orderItems, 'items', 'orderNumber'), {
      items: words.items.map(say).join(locale === 'zh' ? '、' : ', '),
      orderNumber: words.orderNumber,
    });
  if (words.kind === 'credit')
    return writeMessage(catalog, template(ChargeMessages.creditFor, 'charge'), {
      charge: describeCharge({ description: '', words: words.of }, locale, catalog, value),
    });
  if (words.kind === 'part')
    return writeMessage(catalog, template(ChargeMessages.partMonth, 'name', 'from', 'days', 'monthDays'), {
      name: words.name,
      from: formatSgDay(words.from, 'day', locale),
      days: String(words.days),
      monthDays: String(words.monthDays),
    });
  return writeMessage(catalog, template(ChargeMessages.recordedLate, 'what', 'month'), {
    what: say(words.what),
    month: formatBillMonth(words.month, locale),
  });
}

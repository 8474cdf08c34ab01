import {
  describeCharge,
  formatBillMonth,
  formatSgDay,
  type Locale,
  type MessageCatalog,
  translateMessage,
} from '@selfcare/domain';
import type { ChargeWords } from '@selfcare/domain/contracts/bills';
import ms from '@selfcare/domain/locales/messages.ms.json' with { type: 'json' };
import ta from '@selfcare/domain/locales/messages.ta.json' with { type: 'json' };
import zh from '@selfcare/domain/locales/messages.zh.json' with { type: 'json' };
import msCore from '@selfcare/domain/locales/messages-core.ms.json' with { type: 'json' };
import taCore from '@selfcare/domain/locales/messages-core.ta.json' with { type: 'json' };
import zhCore from '@selfcare/domain/locales/messages-core.zh.json' with { type: 'json' };

/** The domain's messages in each language but English, by their English (message-texts.ts, ADR 0055). */
const CATALOGS: Readonly<Record<Exclude<Locale, 'en'>, MessageCatalog>> = {
  zh: { ...zhCore, ...zh },
  ms: { ...msCore, ...ms },
  ta: { ...taCore, ...ta },
};

/** The domain's messages in `locale`; none for English, whose messages are the English itself. */
export const domainMessages = (locale: Locale): MessageCatalog | undefined =>
  locale === 'en' ? undefined : CATALOGS[locale];

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY = new RegExp(`^(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})$`);
const MONTH = new RegExp(`^(${MONTHS.join('|')}) (\\d{4})$`);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A value the API wrote into a message as English writes a day ('25 November 2026') or a month
 * ('November 2026'), in `locale`; any other value as it is.
 */
export function valueIn(locale: Locale, value: string): string {
  const day = DAY.exec(value);
  if (day) {
    const iso = `${day[3]}-${pad(MONTHS.indexOf(day[2] as string) + 1)}-${pad(Number(day[1]))}`;
    // Only a day that is one: '31 November 2026' is left as written.
    return formatSgDay(iso) === value ? formatSgDay(iso, 'day', locale) : value;
  }
  const month = MONTH.exec(value);
  if (month) return formatBillMonth(`${month[2]}-${pad(MONTHS.indexOf(month[1] as string) + 1)}`, locale);
  return value;
}

/**
 * One of the domain's messages in `locale` (message-texts.ts), the days and months the API wrote in
 * it in English written in that language too ('The final bill, for 2026年11月, …').
 */
export const messageIn = (locale: Locale, message: string): string =>
  locale === 'en' ? message : translateMessage(CATALOGS[locale], message, (value) => valueIn(locale, value));

/**
 * A bill's charge in `locale` (`describeCharge`), as the invoice and the emails write it: from its
 * words, else its English reason translated, a day in it written in the language too.
 */
export const chargeIn = (
  locale: Locale,
  charge: { description: string; words?: ChargeWords | null },
): string => describeCharge(charge, locale, domainMessages(locale), (value) => valueIn(locale, value));

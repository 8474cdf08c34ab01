import {
  formatBillMonth as billMonthIn,
  formatSgDateTime as dateTimeIn,
  formatSgDay as dayIn,
  formatSg as formatIn,
  type SgDateStyle,
} from '@selfcare/domain';
import { currentLanguage } from './i18n.ts';

/**
 * Every way the web shows a day or a time: the house styles of ADR 0036, one definition with the
 * emails, SMS and bill PDFs the API writes, so a page says a day the way its email says it, in the
 * language the pages are read in (ADR 0055).
 * day '25 November 2026' · weekday 'Wednesday, 25 November 2026' (a delivery) ·
 * moment '25 November 2026, 4:51 pm' · time '4:51 pm'.
 */
export type { SgDateStyle };
export const formatSg = (at: Date | string, style: SgDateStyle) => formatIn(at, style, currentLanguage());
/** A calendar day (YYYY-MM-DD) as the reader's language writes it; anything else as it is. */
export const formatSgDay = (day: string, style: 'day' | 'weekday' = 'day') =>
  dayIn(day, style, currentLanguage());
/** A bill's month ('November 2026', '2026年11月'). */
export const formatBillMonth = (month: string) => billMonthIn(month, currentLanguage());
/** A moment with the time zone said ('… (Singapore time)'). */
export const formatSgDateTime = (at: Date) => dateTimeIn(at, currentLanguage());

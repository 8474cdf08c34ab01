import { LOCALE_TAGS, type Locale } from './locales.ts';

/**
 * The one way the product writes a day or a time to a person (ADR 0036), always in Singapore time:
 * pages, the staff console, emails, SMS and bill PDFs alike. Months are written in full, so en-SG's
 * 'Sept' never shows. Data (API payloads, CSV downloads, date inputs) stays ISO: it is not text.
 */
const DAY = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const FORMATS = {
  /** '25 November 2026' */
  day: DAY,
  /** 'Wednesday, 25 November 2026': a day the customer plans around (a delivery). */
  weekday: { weekday: 'long', ...DAY },
  /** '4:51 pm' */
  time: { hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * day '25 November 2026', weekday 'Wednesday, 25 November 2026', moment '25 November 2026, 4:51 pm',
 * time '4:51 pm'.
 */
export type SgDateStyle = keyof typeof FORMATS | 'moment';

// Each made on first use: the pages that never show a date do not pay for it.
const formats = new Map<string, Intl.DateTimeFormat>();
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function format(style: keyof typeof FORMATS, at: Date, locale: Locale = 'en'): string {
  const key = `${locale} ${style}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...FORMATS[style], timeZone: 'Asia/Singapore' });
    formats.set(key, f);
  }
  return f.format(at);
}

/** Between a day and its time in a moment: Chinese writes them together. */
const MOMENT_JOIN: Readonly<Record<Locale, string>> = { en: ', ', zh: ' ', ms: ', ', ta: ', ' };

/**
 * A moment (a Date or an ISO timestamp) or a calendar day (YYYY-MM-DD, read as that day in Singapore)
 * as people in Singapore read it, in one of the house styles, in one of the portal's languages
 * (ADR 0055): '25 November 2026, 4:51 pm', '2026年11月25日 下午4:51'.
 */
export function formatSg(at: Date | string, style: SgDateStyle, locale: Locale = 'en'): string {
  const instant = typeof at !== 'string' ? at : new Date(CALENDAR_DAY.test(at) ? `${at}T12:00:00+08:00` : at);
  // Put together rather than one format: ICU writes '25 November 2026 at 4:51 pm' in some versions and
  // a comma in others.
  if (style === 'moment')
    return `${format('day', instant, locale)}${MOMENT_JOIN[locale]}${format('time', instant, locale)}`;
  return format(style, instant, locale);
}

/**
 * A calendar day (YYYY-MM-DD, as days are stored): '25 November 2026', or with `weekday`
 * 'Wednesday, 25 November 2026'; in another of the portal's languages as it writes a day
 * ('2026年11月25日', '25 November 2026' in Malay's month names). Anything else is returned as it is.
 */
export function formatSgDay(day: string, style: 'day' | 'weekday' = 'day', locale: Locale = 'en'): string {
  if (!CALENDAR_DAY.test(day)) return day;
  const at = new Date(`${day}T12:00:00+08:00`);
  return Number.isNaN(at.getTime()) ? day : format(style, at, locale);
}

const SINGAPORE_TIME: Readonly<Record<Locale, string>> = {
  en: ' (Singapore time)',
  zh: '（新加坡时间）',
  ms: ' (waktu Singapura)',
  ta: ' (சிங்கப்பூர் நேரம்)',
};

/**
 * A moment as a message states it, for a reader who may be abroad: '25 November 2026, 4:51 pm
 * (Singapore time)', or in another of the portal's languages.
 */
export function formatSgDateTime(at: Date, locale: Locale = 'en'): string {
  return `${formatSg(at, 'moment', locale)}${SINGAPORE_TIME[locale]}`;
}

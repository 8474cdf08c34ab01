/**
 * Every way the web shows a date or a time, always in Singapore time, beside the domain's formatSgDay
 * ('Wed, 25 Nov 2026'). A calendar day (YYYY-MM-DD, as delivery dates are kept) is read as that day in
 * Singapore, as formatSgDay reads it.
 */
const STYLES = {
  /** '25 Nov 2026' */
  date: { dateStyle: 'medium' },
  /** '25 November 2026' */
  longDate: { dateStyle: 'long' },
  /** 'Wednesday, 25 November 2026' */
  longDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** 'Wednesday, 25 November' */
  longDayThisYear: { weekday: 'long', day: 'numeric', month: 'long' },
  /** '25 Nov 2026, 4:51 pm' */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** '25 Nov 2026, 04:51 pm' (the staff console) */
  dateTimePadded: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 'Wed, 25 Nov, 4:51 pm' */
  dayTime: { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  /** '04:51 pm' */
  time: { hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type SgDateStyle = keyof typeof STYLES;

// Each made on first use: the pages that never show a date do not pay for it.
const formats = new Map<SgDateStyle, Intl.DateTimeFormat>();
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A moment (a Date or an ISO timestamp) or a calendar day as people in Singapore read it. */
export function formatSg(at: Date | string, style: SgDateStyle): string {
  let format = formats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('en-SG', { ...STYLES[style], timeZone: 'Asia/Singapore' });
    formats.set(style, format);
  }
  const instant = typeof at !== 'string' ? at : new Date(CALENDAR_DAY.test(at) ? `${at}T12:00:00+08:00` : at);
  return format.format(instant);
}

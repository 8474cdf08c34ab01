let sgDay: Intl.DateTimeFormat | undefined;

/**
 * A calendar day (YYYY-MM-DD, as delivery dates are stored) as people in Singapore write it:
 * 'Wed, 25 Nov 2026'. Anything else is returned as it is.
 */
export function formatSgDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const at = new Date(`${day}T12:00:00+08:00`);
  if (Number.isNaN(at.getTime())) return day;
  // Made on first use: the pages that never show a date do not pay for it.
  sgDay ??= new Intl.DateTimeFormat('en-SG', {
    timeZone: 'Asia/Singapore',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return sgDay.format(at);
}

let sgDateTime: Intl.DateTimeFormat | undefined;

/** A moment as a message in Singapore states it: '5 Mar 2026, 4:51 pm (Singapore time)'. */
export function formatSgDateTime(at: Date): string {
  sgDateTime ??= new Intl.DateTimeFormat('en-SG', {
    timeZone: 'Asia/Singapore',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${sgDateTime.format(at)} (Singapore time)`;
}

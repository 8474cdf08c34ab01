import { describe, expect, it } from 'vitest';
import { formatSg } from './sg-date.ts';

describe('formatSg', () => {
  // 16:51 in Singapore, and 23:30 in Singapore which is still the day before in UTC.
  const afternoon = '2026-03-05T08:51:00.000Z';
  const lateEvening = '2026-11-24T15:30:00.000Z';

  it('shows a moment in Singapore time, in each style the pages use', () => {
    expect(formatSg(afternoon, 'date')).toBe('5 Mar 2026');
    expect(formatSg(afternoon, 'longDate')).toBe('5 March 2026');
    expect(formatSg(afternoon, 'dateTime')).toBe('5 Mar 2026, 4:51 pm');
    expect(formatSg(afternoon, 'dateTimePadded')).toBe('5 Mar 2026, 04:51 pm');
    expect(formatSg(afternoon, 'dayTime')).toBe('Thu, 5 Mar, 4:51 pm');
    expect(formatSg(afternoon, 'time')).toBe('04:51 pm');
    expect(formatSg(new Date(lateEvening), 'longDay')).toBe('Tuesday, 24 November 2026');
  });

  it('reads a calendar day as that day in Singapore', () => {
    expect(formatSg('2026-11-25', 'longDay')).toBe('Wednesday, 25 November 2026');
    expect(formatSg('2026-11-25', 'longDayThisYear')).toBe('Wednesday, 25 November');
    expect(formatSg('2027-01-01', 'date')).toBe('1 Jan 2027');
  });

  it('gives what each page formatted by itself before', () => {
    const sg = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-SG', { ...options, timeZone: 'Asia/Singapore' });
    const utc = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-SG', { ...options, timeZone: 'UTC' });
    for (const at of [afternoon, lateEvening, '2026-12-31T16:00:00.000Z', '2027-06-30T23:59:00.000Z']) {
      const d = new Date(at);
      expect(formatSg(at, 'date')).toBe(sg({ dateStyle: 'medium' }).format(d));
      expect(formatSg(at, 'longDate')).toBe(sg({ dateStyle: 'long' }).format(d));
      expect(formatSg(at, 'dateTime')).toBe(sg({ dateStyle: 'medium', timeStyle: 'short' }).format(d));
      expect(formatSg(at, 'dateTimePadded')).toBe(
        sg({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d),
      );
      expect(formatSg(at, 'dayTime')).toBe(
        sg({ weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
          d,
        ),
      );
      expect(formatSg(at, 'time')).toBe(
        d.toLocaleTimeString('en-SG', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Singapore' }),
      );
    }
    for (const day of ['2026-01-01', '2026-02-28', '2026-11-25', '2026-12-31', '2028-02-29']) {
      const midnightUtc = new Date(`${day}T00:00:00Z`);
      expect(formatSg(day, 'longDay')).toBe(
        utc({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(midnightUtc),
      );
      expect(formatSg(day, 'longDayThisYear')).toBe(
        utc({ weekday: 'long', day: 'numeric', month: 'long' }).format(midnightUtc),
      );
    }
  });
});

import { formatSgDateTime, formatSgDay } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { formatSg } from './sg-date.ts';

describe('formatSg', () => {
  // 16:51 in Singapore, and 23:30 in Singapore which is still the day before in UTC.
  const afternoon = '2026-03-05T08:51:00.000Z';
  const lateEvening = '2026-11-24T15:30:00.000Z';

  it('writes a day, a delivery day, a moment and a time in the house style, in Singapore time', () => {
    expect(formatSg(afternoon, 'day')).toBe('5 March 2026');
    expect(formatSg(afternoon, 'weekday')).toBe('Thursday, 5 March 2026');
    expect(formatSg(afternoon, 'moment')).toBe('5 March 2026, 4:51 pm');
    expect(formatSg(afternoon, 'time')).toBe('4:51 pm');
    expect(formatSg(new Date(lateEvening), 'moment')).toBe('24 November 2026, 11:30 pm');
    expect(formatSg('2026-03-05T01:05:00.000Z', 'time')).toBe('9:05 am');
  });

  it('writes September in full, never en-SG’s short “Sept”', () => {
    expect(formatSg('2026-09-17', 'day')).toBe('17 September 2026');
    expect(formatSg('2026-09-17', 'weekday')).toBe('Thursday, 17 September 2026');
    expect(formatSg('2026-09-17T08:51:00.000Z', 'moment')).toBe('17 September 2026, 4:51 pm');
    for (const style of ['day', 'weekday', 'moment'] as const)
      expect(formatSg('2026-09-17T08:51:00.000Z', style)).not.toMatch(/Sept\b/);
  });

  it('reads a calendar day as that day in Singapore', () => {
    expect(formatSg('2026-11-25', 'weekday')).toBe('Wednesday, 25 November 2026');
    expect(formatSg('2027-01-01', 'day')).toBe('1 January 2027');
    for (const day of ['2026-01-01', '2026-02-28', '2026-11-25', '2026-12-31', '2028-02-29']) {
      const midnightUtc = new Date(`${day}T00:00:00Z`);
      const utc = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-SG', { ...options, timeZone: 'UTC' }).format(midnightUtc);
      expect(formatSg(day, 'day')).toBe(utc({ day: 'numeric', month: 'long', year: 'numeric' }));
      expect(formatSg(day, 'weekday')).toBe(
        utc({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      );
    }
  });

  it('says a day as the emails, SMS and bill PDFs the API writes say it', () => {
    expect(formatSg('2026-11-25', 'day')).toBe(formatSgDay('2026-11-25'));
    const at = new Date(afternoon);
    expect(formatSgDateTime(at)).toBe(`${formatSg(at, 'moment')} (Singapore time)`);
  });
});

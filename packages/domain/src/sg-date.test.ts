import { describe, expect, it } from 'vitest';
import { formatSg, formatSgDateTime, formatSgDay } from './sg-date.ts';

describe('the house style of a day and a time (ADR 0036)', () => {
  it('writes a calendar day with the month in full, September too', () => {
    expect(formatSgDay('2026-11-25')).toBe('25 November 2026');
    expect(formatSgDay('2027-01-01')).toBe('1 January 2027');
    expect(formatSgDay('2026-09-17')).toBe('17 September 2026');
    expect(formatSgDay('2026-09-17')).not.toMatch(/Sept\b/);
  });

  it('adds the weekday to a day the customer plans around', () => {
    expect(formatSg('2026-11-25', 'weekday')).toBe('Wednesday, 25 November 2026');
    expect(formatSg('2026-09-17', 'weekday')).toBe('Thursday, 17 September 2026');
    expect(formatSgDay('2026-11-25', 'weekday')).toBe('Wednesday, 25 November 2026');
  });

  it('states a moment in Singapore time, whatever zone the server is in', () => {
    expect(formatSg(new Date('2026-03-05T08:51:00Z'), 'moment')).toBe('5 March 2026, 4:51 pm');
    expect(formatSg(new Date('2026-03-05T08:51:00Z'), 'time')).toBe('4:51 pm');
    expect(formatSgDateTime(new Date('2026-03-05T08:51:00Z'))).toBe('5 March 2026, 4:51 pm (Singapore time)');
    expect(formatSgDateTime(new Date('2026-03-05T16:30:00Z'))).toBe(
      '6 March 2026, 12:30 am (Singapore time)',
    );
    expect(formatSgDateTime(new Date('2026-09-17T08:51:00Z'))).toBe(
      '17 September 2026, 4:51 pm (Singapore time)',
    );
  });

  it('leaves anything that is not a day as it is', () => {
    expect(formatSgDay('25/11/2026')).toBe('25/11/2026');
    expect(formatSgDay('2026-13-45')).toBe('2026-13-45');
    expect(formatSgDay('')).toBe('');
    expect(formatSgDay('soon', 'weekday')).toBe('soon');
  });
});

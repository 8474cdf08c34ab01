import { describe, expect, it } from 'vitest';
import {
  latestTerminationDate,
  lineServiceStatus,
  TerminationMessages,
  terminationDateProblem,
} from './line-services.ts';

describe('a line’s status', () => {
  const now = new Date('2026-06-15T04:00:00Z');
  it('is Suspension while suspended, Unsuspension for 30 days after support resumed it, then Active', () => {
    expect(lineServiceStatus('suspended', null, now)).toBe('Suspension');
    expect(lineServiceStatus('active', null, now)).toBe('Active');
    expect(lineServiceStatus('active', new Date('2026-05-20T04:00:00Z'), now)).toBe('Unsuspension');
    expect(lineServiceStatus('active', new Date('2026-05-16T03:59:00Z'), now)).toBe('Active');
  });
});

describe('a termination date', () => {
  it('is from today to 90 days ahead, across month and year ends', () => {
    expect(terminationDateProblem('2026-11-25', '2026-11-25')).toBeNull();
    expect(terminationDateProblem('2026-11-24', '2026-11-25')).toBe(TerminationMessages.dateInPast);
    expect(latestTerminationDate('2026-11-25')).toBe('2027-02-23');
    expect(terminationDateProblem('2027-02-23', '2026-11-25')).toBeNull();
    expect(terminationDateProblem('2027-02-24', '2026-11-25')).toBe(TerminationMessages.dateTooFar);
  });
});

import { describe, expect, it } from 'vitest';
import {
  LineServiceMessages,
  latestTerminationDate,
  lineServiceStatus,
  type NumberChangeLine,
  NumberChangeMessages,
  numberChangeFeeCents,
  numberChangeRefusal,
  portInFailed,
  portInOpen,
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

describe('a number change', () => {
  const line: NumberChangeLine = {
    state: 'active',
    temporaryMsisdn: null,
    portStatus: null,
    replacing: false,
    changeState: null,
  };
  const ported = (portStatus: string): NumberChangeLine => ({
    ...line,
    temporaryMsisdn: '81234567',
    portStatus,
  });

  it('is open to an active line, one whose last change ended, and one with a number only held', () => {
    expect(numberChangeRefusal(line)).toBeNull();
    for (const changeState of ['held', 'completed', 'failed'] as const) {
      expect(numberChangeRefusal({ ...line, changeState })).toBeNull();
    }
    // A port-in that completed: the line has its own number, the temporary one is gone.
    expect(numberChangeRefusal({ ...line, portStatus: 'success' })).toBeNull();
  });

  it('is refused while another change is pending with the network', () => {
    expect(numberChangeRefusal({ ...line, changeState: 'pending' })).toBe(
      NumberChangeMessages.alreadyPending,
    );
  });

  it('is refused while the line’s port-in is still going, and open once it failed', () => {
    for (const status of ['pending', 'submitted', 'in progress', 'unsuccess']) {
      expect(portInOpen(ported(status))).toBe(true);
      expect(numberChangeRefusal(ported(status))).toBe(NumberChangeMessages.portInProgress);
    }
    expect(portInOpen(ported('failed'))).toBe(false);
    expect(portInFailed(ported('failed'))).toBe(true);
    expect(numberChangeRefusal(ported('failed'))).toBeNull();
  });

  it('is refused while a lost SIM’s replacement is under way', () => {
    expect(numberChangeRefusal({ ...line, replacing: true })).toBe(
      NumberChangeMessages.replacementInProgress,
    );
  });

  it('is refused on a suspended line before anything else', () => {
    const everything: NumberChangeLine = {
      state: 'suspended',
      temporaryMsisdn: '81234567',
      portStatus: 'submitted',
      replacing: true,
      changeState: 'pending',
    };
    expect(numberChangeRefusal(everything)).toBe(LineServiceMessages.suspendedLine);
  });

  it('costs the configured fee, and nothing for a line whose port-in failed', () => {
    expect(numberChangeFeeCents(line, 1070)).toBe(1070);
    expect(numberChangeFeeCents(ported('submitted'), 1070)).toBe(1070);
    expect(numberChangeFeeCents(ported('failed'), 1070)).toBe(0);
  });
});

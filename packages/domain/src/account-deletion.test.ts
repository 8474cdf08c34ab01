import { describe, expect, it } from 'vitest';
import {
  type AccountFacts,
  deletionBlockers,
  deletionRequestProblem,
  finalBillMonth,
  AccountDeletionMessages as M,
} from './account-deletion.ts';
import { roleFor, StaffPermission, staffMay } from './fulfilment/order-flow.ts';
import { accountDeletionRequestSchema } from './schemas/account-deletion.ts';

const settled: AccountFacts = {
  openOrders: 0,
  liveLines: [],
  lastEndedOn: '2026-05-20',
  lastBilledMonth: '2026-05',
  unbilledCharges: 0,
  unpaidCents: 0,
};

describe('asking to close the account', () => {
  it('is for the account holder, with no order in progress and every line ended or ending', () => {
    expect(deletionRequestProblem(true, settled)).toBeNull();
    expect(deletionRequestProblem(false, settled)).toBe(M.subLine);
    expect(deletionRequestProblem(true, { ...settled, openOrders: 1 })).toBe(M.orderOpen);
    const ending = { msisdn: '91234567', endsOn: '2026-07-01' };
    expect(deletionRequestProblem(true, { ...settled, liveLines: [ending] })).toBeNull();
    expect(
      deletionRequestProblem(true, { ...settled, liveLines: [ending, { msisdn: '81234567', endsOn: null }] }),
    ).toBe(M.linesLive);
  });

  it('does not wait for unpaid bills: the customer keeps their login to pay them', () => {
    expect(deletionRequestProblem(true, { ...settled, unpaidCents: 2500, unbilledCharges: 2 })).toBeNull();
  });

  it('takes the password and the confirmation that it is for good', () => {
    expect(accountDeletionRequestSchema.safeParse({ password: 'x', understood: true }).success).toBe(true);
    const refused = accountDeletionRequestSchema.safeParse({ password: '', understood: false });
    expect(refused.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['password', 'Password is required'],
      ['understood', M.confirmUnderstood],
    ]);
  });
});

describe('closing the account', () => {
  it('may happen once every line has ended, the final bill is made and nothing is owed', () => {
    expect(deletionBlockers(settled)).toEqual([]);
    // An account that never had a line waits for no bill.
    expect(deletionBlockers({ ...settled, lastEndedOn: null, lastBilledMonth: null })).toEqual([]);
  });

  it('waits for the final bill of the month the last line was last charged in', () => {
    expect(finalBillMonth('2026-05-20')).toBe('2026-05');
    expect(finalBillMonth('2026-06-01')).toBe('2026-05');
    expect(finalBillMonth('2027-01-01')).toBe('2026-12');
    expect(deletionBlockers({ ...settled, lastEndedOn: '2026-06-02' })).toEqual([
      'The final bill, for June 2026, is made on 1 July 2026.',
    ]);
    expect(deletionBlockers({ ...settled, lastEndedOn: '2026-06-01' })).toEqual([]);
    expect(deletionBlockers({ ...settled, lastBilledMonth: null })).toHaveLength(1);
  });

  it('names each thing it waits for', () => {
    expect(
      deletionBlockers({
        openOrders: 1,
        liveLines: [
          { msisdn: '91234567', endsOn: '2026-07-01' },
          { msisdn: '81234567', endsOn: null },
        ],
        lastEndedOn: '2026-05-20',
        lastBilledMonth: null,
        unbilledCharges: 1,
        unpaidCents: 1234,
      }),
    ).toEqual([
      'An order is in progress.',
      'The line 9123 4567 ends on 1 July 2026.',
      'The line 8123 4567 has no end scheduled.',
      M.waitUnbilled,
      '$12.34 is unpaid on the bills.',
    ]);
  });

  it('takes a supervisor: agents may not, admins may', () => {
    expect(staffMay('agent', StaffPermission.CloseAccounts)).toBe(false);
    expect(staffMay('supervisor', StaffPermission.CloseAccounts)).toBe(true);
    expect(staffMay('admin', StaffPermission.CloseAccounts)).toBe(true);
    expect(roleFor(StaffPermission.CloseAccounts)).toBe('supervisor');
  });
});

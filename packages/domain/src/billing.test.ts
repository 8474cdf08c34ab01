import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import {
  allocateCredit,
  BillMessages,
  balanceAfter,
  billDueOn,
  billIssuedOn,
  billPeriod,
  billTotalDue,
  DEDUCTION_DAY,
  deductionAttemptOn,
  firstBilledDay,
  formatBillMonth,
  monthBilledOn,
  nextDeductionOn,
  overdueOn,
  PAYNOW_CUTOFF_DAY,
  payNowBeforeDeduction,
  payNowQrExpiresOn,
  prorate,
} from './billing.ts';

test('the run on the 1st bills the month just ended, due on the 25th of the month it is issued', () => {
  assert.equal(monthBilledOn('2026-12-01'), '2026-11');
  assert.equal(monthBilledOn('2027-01-01'), '2026-12');
  assert.deepEqual(billPeriod('2026-11'), { month: '2026-11', start: '2026-11-01', end: '2026-11-30' });
  assert.deepEqual(billPeriod('2028-02'), { month: '2028-02', start: '2028-02-01', end: '2028-02-29' });
  assert.equal(billIssuedOn('2026-12'), '2027-01-01');
  assert.equal(billDueOn('2026-11'), '2026-12-25');
  assert.equal(formatBillMonth('2026-11'), 'November 2026');
});

test('the first bill is prorated from the day of activation, that day included', () => {
  // $30.00 for 11 of November's 30 days (20th to 30th) is $11.00.
  assert.equal(prorate(3000, '2026-11', '2026-11-20'), 1100);
  // Active all month, or from before it: the whole price.
  assert.equal(prorate(3000, '2026-11', '2026-11-01'), 3000);
  assert.equal(prorate(3000, '2026-11', '2026-10-03'), 3000);
  // Activated on the last day: one day of 31.
  assert.equal(prorate(3100, '2026-12', '2026-12-31'), 100);
  // Ended in the month: up to and including the last day; after the month or before it: nothing.
  assert.equal(prorate(3000, '2026-11', '2026-10-01', '2026-11-15'), 1500);
  assert.equal(prorate(3000, '2026-11', '2026-12-01'), 0);
  assert.equal(prorate(3000, '2026-11', '2026-10-01', '2026-10-31'), 0);
  // Half a cent goes up: $10.00 × 1/3 of a 30-day month is 333.33… → 333; × 1/6 is 166.67 → 167.
  assert.equal(prorate(1000, '2026-11', '2026-11-21'), 333);
  assert.equal(prorate(1000, '2026-11', '2026-11-26'), 167);
});

test("the order pays a line's first month: its plan is billed from the same date a month later", () => {
  assert.equal(firstBilledDay('2025-01-20'), '2025-02-20');
  assert.equal(firstBilledDay('2025-01-31'), '2025-02-28');
  assert.equal(firstBilledDay('2024-01-31'), '2024-02-29');
  assert.equal(firstBilledDay('2025-12-05'), '2026-01-05');
  // Activated on 20 January: February from the 20th, 9 of 28 days of $20.00.
  assert.equal(prorate(2000, '2025-02', firstBilledDay('2025-01-20')), 643);
  assert.equal(prorate(2000, '2025-01', firstBilledDay('2025-01-20')), 0);
});

test('prorated amounts never exceed the price and grow with the days', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 30 }), (price, day) => {
      const from = `2026-11-${String(day).padStart(2, '0')}`;
      const a = prorate(price, '2026-11', from);
      assert.ok(a >= 0 && a <= price);
      if (day > 1) assert.ok(a <= prorate(price, '2026-11', `2026-11-${String(day - 1).padStart(2, '0')}`));
    }),
  );
});

test('PayNow on or after the 23rd is not applied before the deduction on the 25th', () => {
  assert.equal(payNowBeforeDeduction('2026-12-22', '2026-12-25'), true);
  assert.equal(payNowBeforeDeduction('2026-12-23', '2026-12-25'), false);
  assert.equal(payNowBeforeDeduction('2026-12-24', '2026-12-25'), false);
  assert.equal(payNowBeforeDeduction('2026-12-02', '2026-12-25'), true);
});

test("the spec's words for the cut-off name the day the rule uses, before the deduction's day", () => {
  // The words are the spec's, quoted exactly; the rule is PAYNOW_CUTOFF_DAY. A change of one alone fails here.
  assert.match(BillMessages.payNowCutoff, new RegExp(`on or after the ${PAYNOW_CUTOFF_DAY}(st|nd|rd|th) `));
  assert.ok(PAYNOW_CUTOFF_DAY < DEDUCTION_DAY);
});

test('a failed deduction is tried again 2, 5 and 9 days after the 25th, and the bill is overdue at 10', () => {
  assert.equal(deductionAttemptOn('2026-12-25', 0), '2026-12-25');
  assert.equal(deductionAttemptOn('2026-12-25', 1), '2026-12-27');
  assert.equal(deductionAttemptOn('2026-12-25', 2), '2026-12-30');
  assert.equal(deductionAttemptOn('2026-12-25', 3), '2027-01-03');
  assert.equal(deductionAttemptOn('2026-12-25', 4), null);
  assert.equal(overdueOn('2026-12-25'), '2027-01-04');
});

test("a bill's PayNow QR is paid until the bill is overdue, the portal's as the PDF's; once overdue, 2 days ahead", () => {
  // Made on 1 December for a bill due on the 25th: the same day whether on the portal or the PDF.
  assert.equal(payNowQrExpiresOn('2026-12-01', '2026-12-25'), '2027-01-04');
  assert.equal(payNowQrExpiresOn('2027-01-03', '2026-12-25'), '2027-01-05');
  assert.equal(payNowQrExpiresOn('2027-01-10', '2026-12-25'), '2027-01-12');
});

test('after a failed try the next is on its day, or at once when its day has passed; none after the last', () => {
  assert.equal(nextDeductionOn('2026-12-25', 0, '2026-12-25'), '2026-12-27');
  assert.equal(nextDeductionOn('2026-12-25', 1, '2026-12-27'), '2026-12-30');
  // The first try made late, on the 29th: the second's day (the 27th) has passed.
  assert.equal(nextDeductionOn('2026-12-25', 0, '2026-12-29'), '2026-12-29');
  assert.equal(nextDeductionOn('2026-12-25', 3, '2027-01-03'), null);
});

describe('allocateCredit', () => {
  const due = { state: 'due' as const, totalCents: 3000, paidCents: 500 };
  it('pays what the bill still owes, and credits the rest', () => {
    expect(allocateCredit(due, 2500)).toEqual({
      kind: 'applied',
      appliedCents: 2500,
      overpaidCents: 0,
      paysInFull: true,
    });
    expect(allocateCredit(due, 4000)).toEqual({
      kind: 'applied',
      appliedCents: 2500,
      overpaidCents: 1500,
      paysInFull: true,
    });
  });
  it('is a part payment when it is less', () => {
    expect(allocateCredit(due, 1000)).toEqual({
      kind: 'applied',
      appliedCents: 1000,
      overpaidCents: 0,
      paysInFull: false,
    });
  });
  it('keeps money for a bill paid already, or owing nothing', () => {
    expect(allocateCredit({ ...due, state: 'paid' }, 100)).toEqual({ kind: 'bill-paid' });
    expect(allocateCredit({ ...due, paidCents: 3000 }, 100)).toEqual({ kind: 'bill-paid' });
  });
});

describe("a bill's summary adds up", () => {
  it('previous balance − payments + charges = total due', () => {
    // November: October's $23.06 was due, paid in November; $68.62 of charges.
    expect(billTotalDue({ previousBalanceCents: 2306, paymentsCents: 2306, totalCents: 6862 })).toBe(6862);
    // December, November's $55.47 unpaid: the total due says so.
    expect(billTotalDue({ previousBalanceCents: 5547, paymentsCents: 0, totalCents: 2380 })).toBe(7927);
  });

  it('the next bill opens with what this one said was due', () => {
    const nov = { previousBalanceCents: 2306, paymentsCents: 2306, totalCents: 6862 };
    expect(balanceAfter(nov)).toBe(billTotalDue(nov));
    // A bill that ends in credit carries it as a charge on the next bill, not in its balance.
    expect(balanceAfter({ previousBalanceCents: 1000, paymentsCents: 1000, totalCents: -500 })).toBe(0);
  });

  it('over a run of months, each total due is the sum of charges less the payments so far', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ charges: fc.integer({ min: 0, max: 50_000 }), paid: fc.nat(100) }), {
          minLength: 1,
          maxLength: 12,
        }),
        (months) => {
          let previousBalanceCents = 0;
          let charged = 0;
          let paid = 0;
          for (const m of months) {
            // Payments since the last bill pay some part of what it said was due.
            const paymentsCents = Math.floor((previousBalanceCents * m.paid) / 100);
            const bill = { previousBalanceCents, paymentsCents, totalCents: m.charges };
            charged += m.charges;
            paid += paymentsCents;
            expect(billTotalDue(bill)).toBe(charged - paid);
            previousBalanceCents = balanceAfter(bill);
          }
        },
      ),
    );
  });
});

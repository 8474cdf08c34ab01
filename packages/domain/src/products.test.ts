import { describe, expect, it } from 'vitest';
import { planChangeDate } from './calendar.ts';
import {
  boosterChangeAllowed,
  confirmedPriceHolds,
  endedByPlanChange,
  iddSaverRate,
  monthlyRemovalAt,
  ONE_TIME_VALIDITY_DAYS,
  oneTimeEnd,
  ProductMessages,
  planChangeStartsAt,
  productAllowedOn,
  ROAMING_START_MAX_DAYS,
  roamingCapState,
  roamingPackWindow,
  roamingStartProblem,
} from './products.ts';
import { buyProductSchema, roamingStartDateOn } from './schemas/products.ts';

/** An instant at `time` in Singapore on `date`. */
const sg = (date: string, time = '10:00') => new Date(`${date}T${time}:00+08:00`);

describe('the day a plan change takes effect', () => {
  it('is the next 7th, 15th or 21st after today', () => {
    expect(planChangeDate(sg('2026-11-25'))).toBe('2026-12-07');
    expect(planChangeDate(sg('2026-12-16'))).toBe('2026-12-21');
    expect(planChangeDate(sg('2027-02-10'))).toBe('2027-02-15');
  });

  it('waits for the next processing day when asked on one', () => {
    expect(planChangeDate(sg('2026-12-07', '00:05'))).toBe('2026-12-15');
    expect(planChangeDate(sg('2026-06-15'))).toBe('2026-06-22');
  });

  it('crosses into next month after the 21st, in Singapore time', () => {
    expect(planChangeDate(sg('2026-12-22'))).toBe('2027-01-07');
    // 23:30 on the 21st in Singapore is still the 21st there, though the 21st in UTC too.
    expect(planChangeDate(sg('2026-12-21', '23:30'))).toBe('2027-01-07');
    // 07:30 on the 7th in Singapore is the 6th in UTC: the 7th is today, so the 15th.
    expect(planChangeDate(sg('2027-01-07', '07:30'))).toBe('2027-01-15');
  });

  it('moves to the next working day over a weekend and public holidays', () => {
    // The 7th is a Saturday, the 8th Deepavali (a Sunday) and the 9th the holiday observed for it.
    expect(planChangeDate(sg('2026-11-01'))).toBe('2026-11-10');
    // The 21st is a Saturday and Hari Raya Puasa.
    expect(planChangeDate(sg('2026-03-16'))).toBe('2026-03-23');
    // The 15th is a Sunday.
    expect(planChangeDate(sg('2026-11-10'))).toBe('2026-11-16');
  });
});

describe('boosters', () => {
  it('allow one change a month, counted in Singapore months', () => {
    expect(boosterChangeAllowed(null, sg('2026-11-25'))).toBe(true);
    expect(boosterChangeAllowed(sg('2026-11-01', '00:00'), sg('2026-11-30', '23:59'))).toBe(false);
    expect(boosterChangeAllowed(sg('2026-11-30', '23:59'), sg('2026-12-01', '00:00'))).toBe(true);
    // 07:00 on 1 Dec in Singapore is 30 Nov in UTC, already December here.
    expect(boosterChangeAllowed(sg('2026-11-30', '12:00'), sg('2026-12-01', '07:00'))).toBe(true);
  });

  it('remove a monthly one at the end of the last day of the month', () => {
    expect(monthlyRemovalAt(sg('2026-11-05')).toISOString()).toBe(sg('2026-12-01', '00:00').toISOString());
    expect(monthlyRemovalAt(sg('2026-12-31', '23:59')).toISOString()).toBe(
      sg('2027-01-01', '00:00').toISOString(),
    );
  });

  it('end a one-time purchase 30 days after it was bought, or after its own days', () => {
    expect(ONE_TIME_VALIDITY_DAYS).toBe(30);
    expect(oneTimeEnd(sg('2026-11-25', '14:00')).toISOString()).toBe(sg('2026-12-25', '14:00').toISOString());
    expect(oneTimeEnd(sg('2026-11-25', '14:00'), 3).toISOString()).toBe(
      sg('2026-11-28', '14:00').toISOString(),
    );
  });
});

describe('the roaming spend cap', () => {
  it('warns at 80% and is reached at the amount', () => {
    expect(roamingCapState(null, 99_999)).toBe('none');
    expect(roamingCapState(5000, 3999)).toBe('below');
    expect(roamingCapState(5000, 4000)).toBe('warned');
    expect(roamingCapState(5000, 4999)).toBe('warned');
    expect(roamingCapState(5000, 5000)).toBe('reached');
    expect(roamingCapState(5000, 7200)).toBe('reached');
  });
});

describe('the IDD Saver', () => {
  it('halves a call’s per-minute rate, the half rounded up to a cent', () => {
    expect(iddSaverRate(8)).toBe(4);
    expect(iddSaverRate(15)).toBe(8);
    expect(iddSaverRate(0)).toBe(0);
  });
});

describe('the products a plan change ends', () => {
  const data20 = { code: 'DATA-20', planCodes: ['VALUE-20', 'PLUS-35'] };
  const voicemail = { code: 'VOICEMAIL', planCodes: null };

  it('are the ones the new plan does not take; a product naming no plans stays on any', () => {
    expect(productAllowedOn(data20.planCodes, 'PLUS-35')).toBe(true);
    expect(productAllowedOn(data20.planCodes, 'MAX-55')).toBe(false);
    expect(productAllowedOn(null, 'MAX-55')).toBe(true);
    expect(endedByPlanChange([data20, voicemail], 'MAX-55')).toEqual([data20]);
    expect(endedByPlanChange([data20, voicemail], 'PLUS-35')).toEqual([]);
  });

  it('end as the change’s Singapore day starts', () => {
    expect(planChangeStartsAt('2026-12-07').toISOString()).toBe('2026-12-06T16:00:00.000Z');
  });
});

describe('the price a customer confirmed', () => {
  it('holds only while it is the catalog’s; a page that sent none is not checked', () => {
    expect(confirmedPriceHolds(500, 500)).toBe(true);
    expect(confirmedPriceHolds(500, 600)).toBe(false);
    expect(confirmedPriceHolds(undefined, 600)).toBe(true);
    expect(ProductMessages.priceChanged(123_450)).toBe(
      'The price has changed to $1,234.50. Please check it and confirm again.',
    );
  });
});

describe('when a roaming pack serves', () => {
  it('bought to start today, from now for its days', () => {
    const now = sg('2026-11-28', '21:30');
    const w = roamingPackWindow(undefined, now, 7);
    expect(w).toMatchObject({ startsAt: now, firstDay: '2026-11-28', lastDay: '2026-12-05', later: false });
    expect(w.endsAt.getTime() - now.getTime()).toBe(7 * 86_400_000);
    expect(roamingPackWindow('2026-11-28', now, 7)).toEqual(w);
  });

  it('bought to start on a later day, from that day’s midnight in Singapore, its days and no more', () => {
    // Bought late in the evening: the later day still starts at its own midnight.
    const w = roamingPackWindow('2026-12-20', sg('2026-11-28', '23:30'), 7);
    expect(w.startsAt.toISOString()).toBe('2026-12-19T16:00:00.000Z');
    expect(w.endsAt.toISOString()).toBe('2026-12-26T16:00:00.000Z');
    expect(w).toMatchObject({ firstDay: '2026-12-20', lastDay: '2026-12-26', later: true });
  });

  it('counts the day in Singapore, not in UTC', () => {
    // 00:30 on the 29th in Singapore is the 28th in UTC: the 29th is today, not a later day.
    const now = sg('2026-11-29', '00:30');
    expect(roamingPackWindow('2026-11-29', now, 3)).toMatchObject({ later: false, firstDay: '2026-11-29' });
    expect(roamingStartProblem('2026-11-28', '2026-11-29')).toBe(ProductMessages.startInPast);
  });

  it('starts today or up to 30 days ahead, refused otherwise with a message for the field', () => {
    expect(ROAMING_START_MAX_DAYS).toBe(30);
    expect(roamingStartProblem('2026-11-28', '2026-11-28')).toBeNull();
    expect(roamingStartProblem('2026-12-28', '2026-11-28')).toBeNull();
    expect(roamingStartProblem('2026-12-29', '2026-11-28')).toBe(ProductMessages.startTooFar);
    expect(roamingStartProblem('2026-11-27', '2026-11-28')).toBe(ProductMessages.startInPast);
    // Across a year's end and a leap day.
    expect(roamingStartProblem('2028-03-02', '2028-02-01')).toBeNull();
    expect(roamingStartProblem('2028-03-03', '2028-02-01')).toBe(ProductMessages.startTooFar);
    expect(roamingStartProblem('2027-01-27', '2026-12-28')).toBeNull();

    const on = roamingStartDateOn('2026-11-28');
    const message = (v: string) => {
      const r = on.safeParse(v);
      return r.success ? null : r.error.issues.map((i) => i.message);
    };
    expect(message('2026-12-01')).toBeNull();
    expect(message('2026-11-27')).toEqual([ProductMessages.startInPast]);
    expect(message('2027-01-15')).toEqual([ProductMessages.startTooFar]);
    expect(message('2026-02-30')).toEqual(['Start day is invalid']);
    expect(message('tomorrow')).toEqual(['Start day is invalid']);
    const body = { code: 'RP-JP-7D', lineId: crypto.randomUUID(), requestKey: crypto.randomUUID() };
    expect(buyProductSchema.safeParse({ ...body, startDate: '2026-12-01' }).success).toBe(true);
    expect(buyProductSchema.safeParse({ ...body, startDate: '1 Dec' }).success).toBe(false);
  });
});

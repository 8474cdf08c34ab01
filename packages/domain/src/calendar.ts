import Holidays from 'date-holidays';
import { billIssuedOn } from './billing.ts';
import { DeliveryMethod } from './enums.ts';

/**
 * Singapore working days. Imported as `@selfcare/domain/calendar` (not from the package index) so
 * that the holiday data stays out of the web bundle: the API answers the dates the web offers.
 * Dates are 'YYYY-MM-DD' in Asia/Singapore.
 */
const holidays = new Holidays('SG');
const byYear = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let set = byYear.get(year);
  if (!set) {
    set = new Set(
      holidays
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    byYear.set(year, set);
  }
  return set;
}

const SG_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Singapore',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Singapore at an instant. */
export const sgDate = (instant: Date): string => SG_DATE.format(instant);

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const isPublicHoliday = (date: string) => holidaysOf(Number(date.slice(0, 4))).has(date);

export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(date);
}

/** The next `count` working days after `date` (not including it). */
export function nextWorkingDays(date: string, count: number): string[] {
  const days: string[] = [];
  let d = date;
  while (days.length < count) {
    d = addDays(d, 1);
    if (isWorkingDay(d)) days.push(d);
  }
  return days;
}

/** Days a customer may pick for each delivery method, counted from the day of ordering (ADR 0009). */
export const DELIVERY_WINDOW_WORKING_DAYS: Record<DeliveryMethod, number> = {
  [DeliveryMethod.HomeDelivery]: 2,
  [DeliveryMethod.PostalMail]: 0,
  [DeliveryMethod.ESimIdVerification]: 0,
  [DeliveryMethod.Other]: 10,
  [DeliveryMethod.SelfCollection]: 10,
};

export function deliveryDateOptions(now: Date, method: DeliveryMethod): string[] {
  return nextWorkingDays(sgDate(now), DELIVERY_WINDOW_WORKING_DAYS[method]);
}

/** Porting runs from 23:00 to 04:00 (Singapore) starting on a working day; submit before 17:00 for that night. */
export const PORTING_WINDOW = { startHour: 23, endHour: 4, cutoffHour: 17 } as const;

/** The instant of `hour`:00 in Singapore (UTC+8, no daylight saving) on `date`. */
const sgInstant = (date: string, hour: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + (hour - 8) * 3600_000);

/**
 * The porting window a request submitted at `submittedAt` goes in: that night's when it is a
 * working day before the 17:00 cut-off, otherwise the next working day's.
 */
export function portingWindow(submittedAt: Date): { start: Date; end: Date } {
  const today = sgDate(submittedAt);
  const beforeCutoff = submittedAt < sgInstant(today, PORTING_WINDOW.cutoffHour);
  const day = isWorkingDay(today) && beforeCutoff ? today : (nextWorkingDays(today, 1)[0] as string);
  return {
    start: sgInstant(day, PORTING_WINDOW.startHour),
    end: sgInstant(addDays(day, 1), PORTING_WINDOW.endHour),
  };
}

/** By this hour in Singapore on the day a month's bills are issued, the bill run should have made them all. */
export const BILLS_MADE_BY_HOUR = 6;

/** From when the bill run of `month` is late if it has not finished: 06:00 in Singapore on the day its bills are issued. */
export const billRunLateFrom = (month: string): Date => sgInstant(billIssuedOn(month), BILLS_MADE_BY_HOUR);

/** Plan changes are processed on these days of the month, or the next working day (spec §9). */
export const PLAN_CHANGE_DAYS = [7, 15, 21] as const;

/**
 * The Singapore date a plan change asked for at `now` takes effect: the next 7th, 15th or 21st after
 * today (a change asked for on such a day waits for the next one: that day's run may be over), moved
 * to the next working day when it falls on a weekend or a public holiday (ADR 0024).
 */
export function planChangeDate(now: Date): string {
  const today = sgDate(now);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  for (let m = 0; m < 2; m++) {
    const d = new Date(Date.UTC(year, month - 1 + m, 1));
    const ym = d.toISOString().slice(0, 8);
    for (const day of PLAN_CHANGE_DAYS) {
      const date = `${ym}${String(day).padStart(2, '0')}`;
      if (date <= today) continue;
      return isWorkingDay(date) ? date : (nextWorkingDays(date, 1)[0] as string);
    }
  }
  throw new Error('unreachable: a processing day falls within two months');
}

import { MINIMUM_AGE, PASS_VALIDITY_MONTHS } from '../constants.ts';

/** Whole years between a date of birth and a day ('YYYY-MM-DD'); a 29 February birthday counts on 1 March. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age;
}

export const isOldEnough = (dateOfBirth: string, today: string) => ageOn(dateOfBirth, today) >= MINIMUM_AGE;

/** The same day `months` later, or the month's last day when it has no such day (31 Aug + 6 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** A pass must stay valid for at least 6 more months. */
export const isPassValidLongEnough = (passExpiry: string, today: string) =>
  passExpiry >= addMonths(today, PASS_VALIDITY_MONTHS);

/** A full name splits at the first space: the first word is the first name, the rest the last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A person may have no family name (a one-word name such as FATIMAH, or a name of given names and
 * a father's name): the family name may be left empty when the given name is the whole name as on
 * the ID, compared without case and extra spaces (ADR 0017).
 */
export const familyNameOptional = (givenName: string, fullName: string) =>
  normalName(fullName) !== '' && normalName(givenName) === normalName(fullName);

/**
 * Given and family name as far as a name as on an ID tells them. MyInfo gives the name only whole,
 * and the family name may come first (LIM YONG XIANG), last (ELIZABERTH PIERCE JOHNSON) or not at
 * all, so only a one-word name says which part is which: it is the given name, with no family name.
 * Any other name is left to its owner (ADR 0017); `splitFullName` is for a name the customer types.
 */
export function namesFromIdName(fullName: string): { givenName: string; familyName: string } | null {
  const trimmed = fullName.trim();
  return trimmed && !/\s/.test(trimmed) ? { givenName: trimmed, familyName: '' } : null;
}

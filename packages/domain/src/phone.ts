/**
 * Singapore mobile numbers: 8 digits starting 8 or 9, optionally written with +65 / 65 and
 * spaces or dashes. Returns the 8 national digits, or null when it is not a Singapore mobile.
 */
export function normalizeSgMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const national = compact.replace(/^(\+65|0065|65(?=\d{8}$))/, '');
  return /^[89]\d{7}$/.test(national) ? national : null;
}

/** A number as typed, without spaces, dashes or a leading +65: '+65 9123-4567' → '91234567'. */
export const compactNumber = (input: string) => input.replace(/[\s-]/g, '').replace(/^\+65/, '');

/** E.164 form used when handing a number to an SMS provider. */
export function toE164(national: string): string {
  return `+65${national}`;
}

/** Shows a number as a customer writes it: 9123 4567. */
export function formatSgMobile(national: string): string {
  return `${national.slice(0, 4)} ${national.slice(4)}`;
}

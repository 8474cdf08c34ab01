import { IdentificationType } from './enums.ts';

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2];
const ST_LETTERS = 'JZIHGFEDCBA';
const FG_LETTERS = 'XWUTRQPNMLK';
const M_LETTERS = 'KLJNPQRTUWX';

/** Checks the check letter of an NRIC (S, T) or FIN (F, G, M). Case-insensitive. */
export function isValidNricOrFin(value: string): boolean {
  const id = value.trim().toUpperCase();
  const match = /^([STFGM])(\d{7})([A-Z])$/.exec(id);
  if (!match) return false;
  const [, prefix, digits, letter] = match as unknown as [string, string, string, string];
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(digits[i]) * (WEIGHTS[i] as number);
  if (prefix === 'T' || prefix === 'G') sum += 4;
  if (prefix === 'M') {
    sum += 3;
    const p = 11 - (sum % 11);
    return M_LETTERS[p - 1] === letter;
  }
  const table = prefix === 'S' || prefix === 'T' ? ST_LETTERS : FG_LETTERS;
  return table[sum % 11] === letter;
}

/** NRIC numbers start with S or T; FIN numbers with F, G or M. */
export function isValidIdForType(value: string, type: IdentificationType): boolean {
  if (!isValidNricOrFin(value)) return false;
  const prefix = value.trim().toUpperCase()[0];
  return type === IdentificationType.NRIC
    ? prefix === 'S' || prefix === 'T'
    : prefix === 'F' || prefix === 'G' || prefix === 'M';
}

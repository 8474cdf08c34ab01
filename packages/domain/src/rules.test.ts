import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdentificationType } from './enums.ts';
import { isValidIdForType, isValidNricOrFin } from './nric.ts';
import { isCommonPassword, meetsPasswordRule } from './password.ts';
import { normalizeSgMobile } from './phone.ts';
import { formatUsage } from './usage.ts';

describe('password rule', () => {
  it('needs an uppercase, a lowercase, a digit and one of !@#$&*', () => {
    expect(meetsPasswordRule('Abcdef1!')).toBe(true);
    expect(meetsPasswordRule('abcdef1!')).toBe(false);
    expect(meetsPasswordRule('ABCDEF1!')).toBe(false);
    expect(meetsPasswordRule('Abcdefg!')).toBe(false);
    expect(meetsPasswordRule('Abcdefg1')).toBe(false);
    expect(meetsPasswordRule('Abcdef1%')).toBe(false);
  });

  it('refuses the passwords attackers try first', () => {
    for (const p of ['Password1!', 'P@ssw0rd1', 'Welcome2024!', 'Qwerty123!', 'Singapore1!', 'Aaaaaaaa']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ['Tr0ub4dor&3', 'Lion-Orchid7$', 'Marina!Bay42']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});

describe('NRIC and FIN check letters', () => {
  it('accepts the known-good numbers and the M series', () => {
    for (const id of ['S8979373D', 'M1234567K', 'S9812379B', 'T0123456G', 's8979373d']) {
      expect(isValidNricOrFin(id), id).toBe(true);
    }
  });

  it('refuses a wrong letter or a malformed number', () => {
    for (const id of ['S8979373A', 'M1234567A', 'S897937D', 'X8979373D', '']) {
      expect(isValidNricOrFin(id), id).toBe(false);
    }
  });

  it('matches the prefix to the ID type', () => {
    expect(isValidIdForType('S8979373D', IdentificationType.NRIC)).toBe(true);
    expect(isValidIdForType('S8979373D', IdentificationType.FIN)).toBe(false);
    expect(isValidIdForType('M1234567K', IdentificationType.FIN)).toBe(true);
  });

  it('has exactly one valid letter for every S-series number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (n) => {
        const digits = String(n).padStart(7, '0');
        const valid = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((l) => isValidNricOrFin(`S${digits}${l}`));
        return valid.length === 1;
      }),
    );
  });
});

describe('Singapore mobile numbers', () => {
  it('accepts 8 digits starting 8 or 9, with or without +65 and spaces', () => {
    expect(normalizeSgMobile('91234567')).toBe('91234567');
    expect(normalizeSgMobile('+65 9123 4567')).toBe('91234567');
    expect(normalizeSgMobile('6581234567')).toBe('81234567');
  });
  it('refuses landlines and wrong lengths', () => {
    for (const n of ['61234567', '9123456', '912345678', 'abcdefgh', '+60 91234567']) {
      expect(normalizeSgMobile(n), n).toBeNull();
    }
  });
});

describe('usage display', () => {
  it('shows GB with two decimals, minutes rounded down, events as SMS and negatives as 0', () => {
    expect(formatUsage(1024 ** 3 * 1.5, 'BYTES')).toBe('1.50 GB');
    expect(formatUsage(119, 'SECONDS')).toBe('1 min');
    expect(formatUsage(12, 'EVENTS')).toBe('12 SMS');
    expect(formatUsage(-5, 'BYTES')).toBe('0.00 GB');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { Messages } from '../messages.ts';
import { registerSchema } from './auth.ts';
import { emailField, isSafeText, requiredString, sgMobileField, text } from './fields.ts';

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00'];

describe('isSafeText', () => {
  it('refuses NUL and each half of a surrogate pair alone, wherever it stands', () => {
    for (const bad of ['\u0000', ...LONE_SURROGATES]) {
      for (const v of [bad, `Mei${bad}`, `${bad}Ling`, `Mei${bad}Ling`]) expect(isSafeText(v)).toBe(false);
    }
    // A pair in the wrong order is two lone halves; an extra half beside a whole pair is still alone.
    expect(isSafeText('\ude00\ud83d')).toBe(false);
    expect(isSafeText('\ud83d\ud83d\ude00')).toBe(false);
    expect(isSafeText('\ud83d\ude00\ude00')).toBe(false);
  });

  it('accepts whole surrogate pairs (emoji, rare CJK) and any other text', () => {
    for (const v of [
      '',
      'Tan Mei Ling',
      '\u{1F600}',
      'Lim \u{1F600} Wei',
      '\u{20BB7}\u91CE\u5BB6',
      'Jos\u00e9 \u00d1u\u00f1ez',
      'a\tb\nc',
      '\u007f',
    ])
      expect(isSafeText(v)).toBe(true);
  });

  it('agrees with String.prototype.isWellFormed apart from NUL, on any string', () => {
    const isWellFormed = (v: string) =>
      (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed?.call(v) ??
      v === Buffer.from(v, 'utf8').toString('utf8');
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.array(fc.integer({ min: 0xd800, max: 0xdfff })),
        (s, units) => {
          const v = s + String.fromCharCode(...units);
          expect(isSafeText(v)).toBe(isWellFormed(v) && !v.includes('\u0000'));
        },
      ),
    );
  });
});

describe('text fields', () => {
  const issues = (schema: z.ZodMiniType, value: unknown) =>
    (schema.safeParse(value).error?.issues ?? []).map((i) => i.message);

  it("refuse NUL and lone surrogates with '{field} is invalid' first", () => {
    for (const bad of ['\u0000', '\ud800', '\udc00']) {
      expect(issues(text('Note'), `a${bad}b`)).toEqual([Messages.invalid('Note')]);
      expect(issues(requiredString('First name'), `Mei${bad}`)[0]).toBe(Messages.invalid('First name'));
      expect(issues(emailField(), `mei${bad}@example.com`)[0]).toBe(Messages.invalid('Email'));
      expect(issues(sgMobileField(), `9123${bad}4567`)[0]).toBe(Messages.invalid('Mobile number'));
    }
  });

  it('keep their own messages for everything else', () => {
    expect(issues(text('Note'), 'Leave at the door \u{1F600}')).toEqual([]);
    expect(issues(text('Note'), 42)).toEqual([Messages.required('Note')]);
    expect(issues(requiredString('First name'), '  ')).toEqual([Messages.required('First name')]);
    expect(issues(text('Code', 'Choose one', 'Not a code'), '\u0000')).toEqual(['Not a code']);
  });

  it('guard the register form: a NUL in a name is a field error, an emoji in it is fine', () => {
    const form = {
      firstName: 'Mei\u0000Ling',
      lastName: 'Tan \u{1F600}',
      email: 'mei.tan@example.com',
      confirmEmail: 'mei.tan@example.com',
      phoneNumber: '91234567',
      password: 'Orchid#Road88',
      confirmPassword: 'Orchid#Road88',
      acceptTerms: true,
    };
    const r = registerSchema.safeParse(form);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', Messages.invalid('First name')],
    ]);
    expect(registerSchema.safeParse({ ...form, firstName: 'Mei Ling' }).success).toBe(true);
  });
});

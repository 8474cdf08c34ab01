import * as z from 'zod/mini';
import { Messages } from '../messages.ts';
import {
  isCommonPassword,
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../password.ts';
import { normalizeSgMobile } from '../phone.ts';

// zod/mini: the same schemas run in the browser and on the server, and its functional checks
// tree-shake, which keeps the login page inside its size budget (docs/decisions/0003).

export const OTP_LENGTH = 6;

// NUL, or half of a UTF-16 surrogate pair without its other half. Without the `u` flag the pattern
// reads code units, so an emoji (a whole pair) passes.
const UNSAFE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?:[^\ud800-\udbff]|^)[\udc00-\udfff]/;

/** True when `value` holds no NUL and no unpaired surrogate. */
export const isSafeText = (value: string) => !UNSAFE_TEXT.test(value);

/**
 * Where every string a person or a client sends starts: NUL and unpaired surrogates are refused
 * (`invalid`) before any other check. PostgreSQL takes no NUL in text, and a lone surrogate cannot be
 * written as UTF-8 (it would be stored as U+FFFD, changed behind the sender's back, or break a URL).
 */
export const text = (field: string, required = Messages.required(field), invalid = Messages.invalid(field)) =>
  z.string({ error: required }).check(z.refine(isSafeText, invalid));

export const requiredString = (field: string, max = 200) =>
  text(field).check(
    z.trim(),
    z.minLength(1, Messages.required(field)),
    z.maxLength(max, `${field} must be at most ${max} characters`),
  );

export const emailField = (field = 'Email') =>
  z.pipe(
    text(field).check(
      z.trim(),
      z.minLength(1, Messages.required(field)),
      z.maxLength(254, Messages.invalid(field)),
    ),
    z.email({ error: Messages.invalid(field) }).check(z.toLowerCase()),
  );

/** A Singapore mobile number, normalised to its 8 national digits. */
export const sgMobileField = (field = 'Mobile number') =>
  z.pipe(
    text(field).check(z.trim(), z.minLength(1, Messages.required(field))),
    z.transform((value: string, ctx) => {
      const national = normalizeSgMobile(value);
      if (!national) {
        ctx.issues.push({ code: 'custom', message: Messages.invalid(field), input: value });
        return z.NEVER;
      }
      return national;
    }),
  );

/** A new password: the spec's composition rule, a length range and no common password. */
export const newPasswordField = (field = 'Password') =>
  text(field).check(
    z.minLength(1, Messages.required(field)),
    z.minLength(PASSWORD_MIN_LENGTH, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`),
    z.refine(meetsPasswordRule, Messages.passwordRule),
    z.refine((v: string) => !isCommonPassword(v), Messages.commonPassword),
  );

export const otpField = text('OTP', Messages.required('OTP'), Messages.onlyNumbers).check(
  z.trim(),
  z.minLength(1, Messages.required('OTP')),
  z.regex(/^\d*$/, Messages.onlyNumbers),
  z.length(OTP_LENGTH, Messages.otpLength(OTP_LENGTH)),
);

/** Opaque tokens from links we sent: URL-safe base64 of 32 random bytes. */
export const linkTokenField = text('Link', Messages.invalidLink, Messages.invalidLink).check(
  z.regex(/^[A-Za-z0-9_-]{20,128}$/, Messages.invalidLink),
);

/**
 * "Type it twice" checks. They run even when other fields have errors (zod skips object checks
 * after a failed field unless told `when`), so the form shows every problem at once.
 */
export function sameAs<T extends Record<string, unknown>>(
  field: keyof T & string,
  confirm: keyof T & string,
  message: string,
  normalize: (v: string) => string = (v) => v,
) {
  return z.superRefine<T>(
    (v, ctx) => {
      const a = v[field];
      const b = v[confirm];
      if (typeof a === 'string' && typeof b === 'string' && normalize(a) !== normalize(b)) {
        ctx.addIssue({ code: 'custom', path: [confirm], message, input: b });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

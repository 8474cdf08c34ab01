import { z } from 'zod';
import { Messages } from '../messages.ts';
import {
  isCommonPassword,
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../password.ts';
import { normalizeSgMobile } from '../phone.ts';

export const OTP_LENGTH = 6;

export const requiredString = (field: string, max = 200) =>
  z
    .string({ error: Messages.required(field) })
    .trim()
    .min(1, Messages.required(field))
    .max(max, `${field} must be at most ${max} characters`);

export const emailField = (field = 'Email') =>
  z
    .string({ error: Messages.required(field) })
    .trim()
    .min(1, Messages.required(field))
    .max(254, Messages.invalid(field))
    .pipe(z.email({ error: Messages.invalid(field) }))
    .transform((v) => v.toLowerCase());

/** A Singapore mobile number, normalised to its 8 national digits. */
export const sgMobileField = (field = 'Mobile number') =>
  z
    .string({ error: Messages.required(field) })
    .trim()
    .min(1, Messages.required(field))
    .transform((value, ctx) => {
      const national = normalizeSgMobile(value);
      if (!national) {
        ctx.addIssue({ code: 'custom', message: Messages.invalid(field) });
        return z.NEVER;
      }
      return national;
    });

/** A new password: the spec's composition rule, a length range and no common password. */
export const newPasswordField = (field = 'Password') =>
  z
    .string({ error: Messages.required(field) })
    .min(1, Messages.required(field))
    .min(PASSWORD_MIN_LENGTH, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine(meetsPasswordRule, Messages.passwordRule)
    .refine((v) => !isCommonPassword(v), Messages.commonPassword);

export const otpField = z
  .string({ error: Messages.required('OTP') })
  .trim()
  .min(1, Messages.required('OTP'))
  .regex(/^\d*$/, Messages.onlyNumbers)
  .length(OTP_LENGTH, Messages.otpLength(OTP_LENGTH));

/** Opaque tokens from links we sent: URL-safe base64 of 32 random bytes. */
export const linkTokenField = z
  .string({ error: Messages.invalidLink })
  .regex(/^[A-Za-z0-9_-]{20,128}$/, Messages.invalidLink);

import * as z from 'zod/mini';
import { OtpMethod } from '../enums.ts';
import { Messages } from '../messages.ts';
import {
  emailField,
  linkTokenField,
  newPasswordField,
  otpField,
  requiredString,
  sameAs,
  sgMobileField,
  text,
} from './fields.ts';

export const registerSchema = z
  .object({
    firstName: requiredString('First name', 100),
    lastName: requiredString('Last name', 100),
    email: emailField('Email'),
    confirmEmail: text('Re-enter Email Address').check(z.trim()),
    phoneNumber: sgMobileField('Mobile number'),
    password: newPasswordField('Password'),
    confirmPassword: text('Confirm Password'),
    acceptTerms: z
      .boolean({ error: 'Please accept the Terms and Conditions' })
      .check(z.refine((v) => v === true, 'Please accept the Terms and Conditions')),
  })
  .check(
    sameAs('email', 'confirmEmail', Messages.confirmEmailMismatch, (v) => v.trim().toLowerCase()),
    sameAs('password', 'confirmPassword', Messages.confirmPasswordMismatch),
  );
export type RegisterInput = z.input<typeof registerSchema>;

export const passwordLoginSchema = z.object({
  email: emailField('Email'),
  password: text('Password').check(
    z.minLength(1, Messages.required('Password')),
    z.maxLength(128, Messages.invalidLogin),
  ),
});

export const otpLoginSchema = z.object({
  phoneNumber: sgMobileField('Mobile number'),
  otp: otpField,
});

/** POST /auth/login takes either an email and password or a mobile number and OTP. */
export const loginSchema = z.union([passwordLoginSchema, otpLoginSchema]);
export type LoginInput = z.input<typeof loginSchema>;

export const otpRequestSchema = z.object({
  phoneNumber: sgMobileField('Mobile number'),
  method: z.union([z.literal(OtpMethod.Email), z.literal(OtpMethod.SMS)], {
    error: Messages.invalid('OTP method'),
  }),
});
export type OtpRequestInput = z.input<typeof otpRequestSchema>;

export const forgotPasswordSchema = z.object({ email: emailField('Email') });

export const tokenSchema = z.object({ token: linkTokenField });

export const resetPasswordSchema = z
  .object({
    token: linkTokenField,
    password: newPasswordField('Password'),
    confirmPassword: text('Confirm Password'),
  })
  .check(sameAs('password', 'confirmPassword', Messages.confirmPasswordMismatch));
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

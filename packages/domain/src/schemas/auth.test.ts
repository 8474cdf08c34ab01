import { describe, expect, it } from 'vitest';
import { Messages } from '../messages.ts';
import { loginSchema, otpRequestSchema, registerSchema, resetPasswordSchema } from './auth.ts';
import { OTP_LENGTH } from './fields.ts';

const good = {
  firstName: 'Mei Ling',
  lastName: 'Tan',
  email: 'Mei.Tan@Example.com',
  confirmEmail: 'mei.tan@example.com',
  phoneNumber: '9123 4567',
  password: 'Orchid#Road88',
  confirmPassword: 'Orchid#Road88',
  acceptTerms: true,
};
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('register schema', () => {
  it('accepts a complete form and normalises email and mobile', () => {
    const r = registerSchema.parse(good);
    expect(r.email).toBe('mei.tan@example.com');
    expect(r.phoneNumber).toBe('91234567');
  });

  it("gives the spec's messages for mismatches and the password rule", () => {
    const r = registerSchema.safeParse({ ...good, confirmEmail: 'x@example.com', confirmPassword: 'nope' });
    expect(messages(r)).toMatchObject({
      confirmEmail: Messages.confirmEmailMismatch,
      confirmPassword: Messages.confirmPasswordMismatch,
    });
    const weak = registerSchema.safeParse({
      ...good,
      password: 'orchidroad88',
      confirmPassword: 'orchidroad88',
    });
    expect(messages(weak).password).toBe(Messages.passwordRule);
  });

  it('reports a mismatch even while other fields are still wrong', () => {
    const r = registerSchema.safeParse({
      ...good,
      acceptTerms: false,
      phoneNumber: '',
      confirmEmail: 'x@example.com',
      confirmPassword: 'x',
    });
    expect(messages(r)).toMatchObject({
      acceptTerms: 'Please accept the Terms and Conditions',
      phoneNumber: 'Mobile number is required',
      confirmEmail: Messages.confirmEmailMismatch,
      confirmPassword: Messages.confirmPasswordMismatch,
    });
  });

  it('names each missing field', () => {
    const r = registerSchema.safeParse({});
    expect(messages(r)).toMatchObject({ firstName: 'First name is required', email: 'Email is required' });
  });

  it('refuses short and common passwords', () => {
    expect(
      messages(registerSchema.safeParse({ ...good, password: 'Ab1!', confirmPassword: 'Ab1!' })).password,
    ).toBe('Password must be at least 8 characters');
    expect(
      messages(registerSchema.safeParse({ ...good, password: 'Password1!', confirmPassword: 'Password1!' }))
        .password,
    ).toBe(Messages.commonPassword);
  });
});

describe('login schemas', () => {
  it('takes either email and password or mobile and OTP', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(loginSchema.safeParse({ phoneNumber: '81234567', otp: '123456' }).success).toBe(true);
    expect(loginSchema.safeParse({ phoneNumber: '81234567', otp: '12345' }).success).toBe(false);
  });

  it('explains a short or non-numeric OTP', () => {
    // The first problem, as the API and the form show it.
    const otpMessage = (otp: string) =>
      loginSchema
        .safeParse({ phoneNumber: '81234567', otp })
        .error?.issues.find((i) => i.path.join('.') === 'otp')?.message;
    // The spec's texts: 'OTP code must be {n} characters long', 'Only allowed to enter numbers'.
    expect(Messages.otpLength(OTP_LENGTH)).toBe('OTP code must be 6 characters long');
    expect(otpMessage('12345')).toBe('OTP code must be 6 characters long');
    expect(otpMessage('1234567')).toBe('OTP code must be 6 characters long');
    expect(otpMessage('12a456')).toBe('Only allowed to enter numbers');
    expect(otpMessage('')).toBe('OTP is required');
    expect(otpMessage(' 123456 ')).toBeUndefined();
    // The page's texts for a code not fully typed and one it could not check.
    expect(Messages.otpComplete(OTP_LENGTH)).toBe('Complete typing the 6-digit OTP');
    expect(Messages.invalidOtp).toBe('Invalid OTP');
  });

  it('explains a mobile number that is not one', () => {
    const r = otpRequestSchema.safeParse({ phoneNumber: '123', method: 1 });
    expect(messages(r).phoneNumber).toBe('Mobile number is invalid');
  });

  it('checks that the new password is typed twice alike', () => {
    const r = resetPasswordSchema.safeParse({
      token: 'a'.repeat(43),
      password: 'Orchid#Road88',
      confirmPassword: 'Orchid#Road89',
    });
    expect(messages(r).confirmPassword).toBe(Messages.confirmPasswordMismatch);
  });
});

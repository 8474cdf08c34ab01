import { z } from 'zod';
import type { Brand } from '../../config.ts';
import {
  button,
  defineEmailTemplates,
  escapeHtml,
  layout,
  type Rendered,
  textFooter,
} from '../notifications/index.ts';

/**
 * The emails of registering and signing in (ADR 0048): confirming the address, the login code, the
 * password reset, someone registering with an address that has an account, and sign-ins that keep
 * failing (customers' and staff's); with the SMS that say the same to a number.
 */
const schemas = [
  z.object({ template: z.literal('confirm-email'), name: z.string(), link: z.string() }),
  z.object({ template: z.literal('login-otp'), name: z.string(), code: z.string(), minutes: z.number() }),
  /** Someone registered with this address, which already has an account. */
  z.object({
    template: z.literal('registration-attempt'),
    name: z.string(),
    loginLink: z.string(),
    resetLink: z.string(),
  }),
  z.object({
    template: z.literal('reset-password'),
    name: z.string(),
    link: z.string(),
    minutes: z.number(),
  }),
  /**
   * Sign-ins to the account keep failing. `at` is already written in Singapore time. Customers get
   * `resetLink`; staff, who cannot reset their own password, are told to ask an administrator.
   */
  z.object({
    template: z.literal('failed-sign-in'),
    name: z.string(),
    attempts: z.number().int(),
    minutes: z.number(),
    at: z.string(),
    address: z.string(),
    resetLink: z.string().optional(),
  }),
] as const;
export type SignInEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    signIn: SignInEmail;
  }
}

/** Renders the HTML and plain-text versions of each. */
function render(brand: Brand, t: SignInEmail): Rendered {
  const footer = textFooter(brand);
  switch (t.template) {
    case 'confirm-email': {
      const subject = `Confirm your email address for ${brand.name}`;
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>Hi ${escapeHtml(t.name)},</p><p>Thanks for registering. Please confirm your email address to complete the registration process.</p>${button(t.link, 'Confirm email')}<p>Or open this link: <a href="${escapeHtml(t.link)}">${escapeHtml(t.link)}</a></p><p>The link works once and expires in 24 hours.</p>`,
        ),
        text: `Hi ${t.name},\n\nThanks for registering. Please confirm your email address to complete the registration process:\n${t.link}\n\nThe link works once and expires in 24 hours.${footer}`,
      };
    }
    case 'login-otp': {
      const subject = `Your ${brand.name} login code`;
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>Hi ${escapeHtml(t.name)},</p><p>Your one-time login code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(t.code)}</p><p>It expires in ${t.minutes} minutes. Never share it with anyone, including our staff.</p>`,
        ),
        text: `Hi ${t.name},\n\nYour one-time login code is ${t.code}. It expires in ${t.minutes} minutes. Never share it with anyone, including our staff.${footer}`,
      };
    }
    case 'reset-password': {
      const subject = `Reset your ${brand.name} password`;
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>Hi ${escapeHtml(t.name)},</p><p>We received a request to reset your password.</p>${button(t.link, 'Set a new password')}<p>Or open this link: <a href="${escapeHtml(t.link)}">${escapeHtml(t.link)}</a></p><p>The link works once and expires in ${t.minutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
        ),
        text: `Hi ${t.name},\n\nWe received a request to reset your password. Set a new one here:\n${t.link}\n\nThe link works once and expires in ${t.minutes} minutes. If you did not ask for this, ignore this email.${footer}`,
      };
    }
    case 'registration-attempt': {
      const subject = `Someone tried to register with your ${brand.name} email address`;
      const what = `Someone just tried to register a new ${brand.name} account with this email address, which already has an account with us. No new account was made.`;
      const yours =
        'If it was you, you do not need a new account: log in, or reset your password if you have forgotten it.';
      const notYours = 'If it was not you, you can ignore this email: your account has not changed.';
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>Hi ${escapeHtml(t.name)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(yours)}</p>${button(t.loginLink, 'Log in')}<p>Forgotten your password? <a href="${escapeHtml(t.resetLink)}">Reset it here</a>.</p><p>${escapeHtml(notYours)}</p>`,
        ),
        text: `Hi ${t.name},\n\n${what}\n\n${yours}\nLog in: ${t.loginLink}\nReset your password: ${t.resetLink}\n\n${notYours}${footer}`,
      };
    }
    case 'failed-sign-in': {
      const subject = `Someone tried to sign in to your ${brand.name} account`;
      const what = `Someone tried to sign in to your ${brand.name} account and failed ${t.attempts} times in the last ${t.minutes} minutes, most recently on ${t.at} from the address ${t.address}.`;
      const ok = 'If it was you, you can ignore this email.';
      const advice = t.resetLink
        ? 'If it was not you, reset your password now, and never share your password or login codes with anyone.'
        : 'If it was not you, ask an administrator to reset your password and authenticator now.';
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>Hi ${escapeHtml(t.name)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(ok)}</p><p><strong>${escapeHtml(advice)}</strong></p>${t.resetLink ? button(t.resetLink, 'Reset your password') : ''}`,
        ),
        text: `Hi ${t.name},\n\n${what}\n\n${ok}\n\n${advice}${t.resetLink ? `\nReset your password: ${t.resetLink}` : ''}${footer}`,
      };
    }
  }
}

/** Its templates, which the module adds to notifications' as it starts (ADR 0048). */
export const signInEmails = defineEmailTemplates<SignInEmail>({ schemas, render });

/** For a customer with no email address (a sub line signs in by its number's codes). */
export function renderFailedSignInSms(brand: Brand, at: string, address: string): string {
  return `Someone tried to sign in to your ${brand.name} account, last on ${at} from ${address}. Not you? Never share your login code, and call us on ${brand.supportPhone}.`;
}

/** Someone registered with a number that already has an account: told to whoever holds the number. */
export function renderRegistrationAttemptSms(brand: Brand): string {
  return `Someone tried to register a ${brand.name} account with this number, which already has one. If it was you, log in with a code sent to this number. If the number is new to you, call us on ${brand.supportPhone}.`;
}

export function renderOtpSms(brand: Brand, code: string, minutes: number): string {
  return `${code} is your ${brand.name} login code. It expires in ${minutes} minutes. Never share it with anyone.`;
}

import type { Locale } from '@selfcare/domain';
import { pathFor } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import {
  button,
  defineEmailTemplates,
  escapeHtml,
  greeting,
  layout,
  type Rendered,
  textFooter,
} from '../notifications/index.ts';
import { texts } from './auth-texts.ts';

/**
 * The emails of registering and signing in (ADR 0048): confirming the address, the login code, the
 * password reset, someone registering with an address that has an account, and sign-ins that keep
 * failing (customers' and staff's); with the SMS that say the same to a number. Each in the
 * customer's language (ADR 0055); staff's stay English.
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

/** The staff console's advice: staff are written to in English (ADR 0055), so it has no translations. */
const STAFF_ADVICE = 'If it was not you, ask an administrator to reset your password and authenticator now.';

/** Stands for the reset link's HTML in its sentence, so that the sentence around it can be escaped. */
const RESET_LINK = '\u0000reset\u0000';

/** Renders the HTML and plain-text versions of each, in `locale`. */
function render(brand: Brand, t: SignInEmail, asked: Locale = 'en'): Rendered {
  // A failed sign-in without a reset link is staff's: in English, whatever the job says.
  const locale = t.template === 'failed-sign-in' && !t.resetLink ? 'en' : asked;
  const say = (key: Parameters<typeof texts.t>[1], values?: Parameters<typeof texts.t>[2]) =>
    texts.t(locale, key, values);
  const footer = textFooter(brand, locale);
  const hi = greeting(t.name, locale);
  const openLink = (link: string) =>
    `<p>${escapeHtml(say('openLink'))} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  switch (t.template) {
    case 'confirm-email': {
      const subject = say('confirm.subject', { brand: brand.name });
      const expires = say('confirm.expires');
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>${escapeHtml(hi)}</p><p>${escapeHtml(say('confirm.body'))}</p>${button(t.link, say('confirm.button'))}${openLink(t.link)}<p>${escapeHtml(expires)}</p>`,
          locale,
        ),
        text: `${hi}\n\n${say('confirm.bodyText')}\n${t.link}\n\n${expires}${footer}`,
      };
    }
    case 'login-otp': {
      const subject = say('otp.subject', { brand: brand.name });
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>${escapeHtml(hi)}</p><p>${escapeHtml(say('otp.codeIs'))}</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(t.code)}</p><p>${escapeHtml(say('otp.expires', { minutes: t.minutes }))}</p>`,
          locale,
        ),
        text: `${hi}\n\n${say('otp.text', { code: t.code, minutes: t.minutes })}${footer}`,
      };
    }
    case 'reset-password': {
      const subject = say('reset.subject', { brand: brand.name });
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>${escapeHtml(hi)}</p><p>${escapeHtml(say('reset.asked'))}</p>${button(t.link, say('reset.button'))}${openLink(t.link)}<p>${escapeHtml(say('reset.expires', { minutes: t.minutes }))}</p>`,
          locale,
        ),
        text: `${hi}\n\n${say('reset.askedText')}\n${t.link}\n\n${say('reset.expiresText', { minutes: t.minutes })}${footer}`,
      };
    }
    case 'registration-attempt': {
      const subject = say('attempt.subject', { brand: brand.name });
      const what = say('attempt.what', { brand: brand.name });
      const yours = say('attempt.yours');
      const notYours = say('attempt.notYours');
      const forgotten = escapeHtml(say('attempt.forgotten', { reset: RESET_LINK })).replace(
        RESET_LINK,
        `<a href="${escapeHtml(t.resetLink)}">${escapeHtml(say('attempt.resetHere'))}</a>`,
      );
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>${escapeHtml(hi)}</p><p>${escapeHtml(what)}</p><p>${escapeHtml(yours)}</p>${button(t.loginLink, say('attempt.loginButton'))}<p>${forgotten}</p><p>${escapeHtml(notYours)}</p>`,
          locale,
        ),
        text: `${hi}\n\n${what}\n\n${yours}\n${say('attempt.loginText', { link: t.loginLink })}\n${say('resetText', { link: t.resetLink })}\n\n${notYours}${footer}`,
      };
    }
    case 'failed-sign-in': {
      const subject = say('failed.subject', { brand: brand.name });
      const what = say('failed.what', {
        brand: brand.name,
        attempts: t.attempts,
        minutes: t.minutes,
        at: t.at,
        address: t.address,
      });
      const ok = say('failed.ok');
      const advice = t.resetLink ? say('failed.advice') : STAFF_ADVICE;
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>${escapeHtml(hi)}</p><p>${escapeHtml(what)}</p><p>${escapeHtml(ok)}</p><p><strong>${escapeHtml(advice)}</strong></p>${t.resetLink ? button(t.resetLink, say('resetButton')) : ''}`,
          locale,
        ),
        text: `${hi}\n\n${what}\n\n${ok}\n\n${advice}${t.resetLink ? `\n${say('resetText', { link: t.resetLink })}` : ''}${footer}`,
      };
    }
  }
}

/** Its templates, which the module adds to notifications' as it starts (ADR 0048). */
export const signInEmails = defineEmailTemplates<SignInEmail>({
  schemas,
  render,
  // Failed sign-ins, told to the account's holder; never a code or a link that confirms or resets.
  inbox: { 'failed-sign-in': pathFor('myProfile') },
});

/**
 * For a customer with no email address (a sub line signs in by its number's codes). `at` is written
 * in `locale` already.
 */
export function renderFailedSignInSms(
  brand: Brand,
  at: string,
  address: string,
  locale: Locale = 'en',
): string {
  return texts.t(locale, 'failed.sms', { brand: brand.name, at, address, phone: brand.supportPhone });
}

/** Someone registered with a number that already has an account: told to whoever holds the number. */
export function renderRegistrationAttemptSms(brand: Brand, locale: Locale = 'en'): string {
  return texts.t(locale, 'attempt.sms', { brand: brand.name, phone: brand.supportPhone });
}

export function renderOtpSms(brand: Brand, code: string, minutes: number, locale: Locale = 'en'): string {
  return texts.t(locale, 'otp.sms', { code, brand: brand.name, minutes });
}

import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { button, escapeHtml, layout, type Rendered, textFooter } from './email-layout.ts';
import { renderOrderUpdate } from './order-emails.ts';

export const emailTemplateSchema = z.discriminatedUnion('template', [
  z.object({ template: z.literal('confirm-email'), name: z.string(), link: z.string() }),
  z.object({ template: z.literal('login-otp'), name: z.string(), code: z.string(), minutes: z.number() }),
  z.object({
    template: z.literal('cis-otp'),
    name: z.string(),
    company: z.string(),
    code: z.string(),
    minutes: z.number(),
  }),
  z.object({
    template: z.literal('order-confirmation'),
    name: z.string(),
    orderNumber: z.string(),
    items: z.array(z.object({ label: z.string(), amount: z.string() })),
    total: z.string(),
    gst: z.string(),
    gstPercent: z.number(),
    charged: z.string(),
    link: z.string(),
  }),
  /**
   * An order step written by its sender. Services use the named templates above; this stays so that
   * emails queued before them are still sent.
   */
  z.object({
    template: z.literal('order-update'),
    name: z.string(),
    orderNumber: z.string(),
    subject: z.string(),
    paragraphs: z.array(z.string()).min(1),
    link: z.string().optional(),
    linkLabel: z.string().optional(),
  }),
  /** A line's eSIM profile: the activation code as text; the worker attaches it as a QR code (cid:esim-qr). */
  z.object({
    template: z.literal('esim-profile'),
    name: z.string(),
    msisdn: z.string(),
    activationCode: z.string(),
    installsLeft: z.number().int(),
    link: z.string(),
  }),
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
]);
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** Renders the HTML and plain-text versions of an email. */
export function renderEmail(brand: Brand, t: EmailTemplate): Rendered {
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
    case 'cis-otp': {
      const subject = `Your ${brand.name} corporate plan code`;
      const lines = `You asked to check your eligibility for the ${t.company} corporate plans with this email address.`;
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>Hi ${escapeHtml(t.name)},</p><p>${escapeHtml(lines)} Your code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(t.code)}</p><p>It expires in ${t.minutes} minutes. If you did not ask for it, you can ignore this email.</p>`,
        ),
        text: `Hi ${t.name},\n\n${lines} Your code is ${t.code}. It expires in ${t.minutes} minutes. If you did not ask for it, you can ignore this email.${footer}`,
      };
    }
    case 'order-confirmation': {
      const subject = `Your ${brand.name} order ${t.orderNumber}`;
      const rows = t.items
        .map(
          (i) =>
            `<tr><td style="padding:4px 0">${escapeHtml(i.label)}</td><td align="right">${escapeHtml(i.amount)}</td></tr>`,
        )
        .join('');
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>Hi ${escapeHtml(t.name)},</p><p>Thank you for your order <strong>${escapeHtml(t.orderNumber)}</strong>. Please wait for the administrator to approve your order; we will email you at every step.</p>
<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px">${rows}
<tr><td style="padding-top:8px;border-top:1px solid #dee2e6"><strong>Total</strong></td><td align="right" style="padding-top:8px;border-top:1px solid #dee2e6"><strong>${escapeHtml(t.total)}</strong></td></tr>
<tr><td>Includes GST ${t.gstPercent}%</td><td align="right">${escapeHtml(t.gst)}</td></tr>
<tr><td>Charged to your card now</td><td align="right">${escapeHtml(t.charged)}</td></tr></table>${button(t.link, 'See your order')}`,
        ),
        text: `Hi ${t.name},\n\nThank you for your order ${t.orderNumber}. Please wait for the administrator to approve your order; we will email you at every step.\n\n${t.items.map((i) => `${i.label}: ${i.amount}`).join('\n')}\nTotal: ${t.total} (includes GST ${t.gstPercent}%: ${t.gst})\nCharged to your card now: ${t.charged}\n\nSee your order: ${t.link}${footer}`,
      };
    }
    case 'order-update':
      return renderOrderUpdate(brand, t);
    case 'esim-profile': {
      const subject = `Your eSIM for ${t.msisdn}`;
      const [, smdp = '', matching = ''] = t.activationCode.split('$');
      const steps = [
        'On your phone, open Settings, then Mobile data (or Connections), then Add eSIM.',
        'Scan the QR code below, or choose to enter the details manually.',
      ];
      const left = `You can install ${t.installsLeft} more free eSIM profile${t.installsLeft === 1 ? '' : 's'} for this line. Only one works at a time.`;
      return {
        subject,
        html: layout(
          brand,
          subject,
          `<p>Hi ${escapeHtml(t.name)},</p><p>Your eSIM for ${escapeHtml(t.msisdn)} is ready to install.</p><ol>${steps.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ol>
<p><img src="cid:esim-qr" width="220" height="220" alt="QR code of your eSIM activation code"></p>
<p>Activation code: <code>${escapeHtml(t.activationCode)}</code><br>SM-DP+ address: <code>${escapeHtml(smdp)}</code><br>Matching ID: <code>${escapeHtml(matching)}</code></p>
<p>${escapeHtml(left)} Keep this email private: anyone with the code can install your eSIM.</p>${button(t.link, 'See your eSIM')}`,
        ),
        text: `Hi ${t.name},\n\nYour eSIM for ${t.msisdn} is ready to install.\n\n1. ${steps[0]}\n2. ${steps[1]}\n\nActivation code: ${t.activationCode}\nSM-DP+ address: ${smdp}\nMatching ID: ${matching}\n\n${left} Keep this email private: anyone with the code can install your eSIM.\n\nSee your eSIM: ${t.link}${footer}`,
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

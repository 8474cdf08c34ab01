import { LOCALE_TAGS, LOCALES } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { authEmails, renderSecurityAlertSms, securityEvents } from './auth-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };

describe("the account's email address", () => {
  it('sends a new address its link with its lifetime, and tells the old one how to stop the change', () => {
    const link = authEmails.render(brand, {
      template: 'change-email',
      name: 'Mei',
      link: 'https://x.sg/confirmEmail/abc',
      hours: 24,
    });
    expect(link.subject).toBe('Confirm your new email address for Selfcare Mobile');
    expect(link.text).toContain('https://x.sg/confirmEmail/abc');
    expect(link.html).toContain('href="https://x.sg/confirmEmail/abc"');
    expect(link.text).toContain('expires in 24 hours');

    const notice = authEmails.render(brand, {
      template: 'email-change-requested',
      name: 'Mei',
      newEmail: '<new>@example.sg',
      hours: 24,
      resetLink: 'https://x.sg/forgotPassword',
    });
    expect(notice.text).toContain('to <new>@example.sg');
    expect(notice.html).toContain('&lt;new&gt;@example.sg');
    expect(notice.text).toContain('A new password cancels the change.');
    expect(notice.html).toContain('href="https://x.sg/forgotPassword"');
  });
});

describe('the security alert in the four languages (ADR 0055)', () => {
  it('writes the email and the SMS in the language asked for, the number and the card kept', () => {
    for (const event of securityEvents)
      for (const locale of LOCALES) {
        const alert = {
          event,
          msisdn: '98765432',
          ...(event === 'card-changed' ? { detail: 'VISA •••• 4242' } : {}),
          ...(event === 'number-changed' ? { detail: '87654321' } : {}),
          at: 'AT',
        };
        const m = authEmails.render(
          brand,
          { template: 'security-alert', name: 'Mei', link: 'https://x.sg/dashboard', ...alert },
          locale,
        );
        expect(m.html).toContain(`<html lang="${LOCALE_TAGS[locale]}">`);
        expect(m.subject).toContain('9876 5432');
        for (const part of [m.subject, m.text, renderSecurityAlertSms(brand, alert, locale)])
          expect(part, `${event} ${locale}`).not.toMatch(/undefined|\{\w+\}/);
        if (event === 'card-changed') expect(m.text).toContain('VISA •••• 4242');
        if (event === 'number-changed') expect(m.text).toContain('8765 4321');
      }
  });

  it('names a card in an SMS with the words each language has for it', () => {
    const alert = { event: 'card-changed', detail: 'MASTERCARD •••• 4444', at: 'AT' } as const;
    expect(renderSecurityAlertSms(brand, alert)).toContain('MASTERCARD ending 4444');
    expect(renderSecurityAlertSms(brand, alert, 'ms')).toContain('MASTERCARD berakhir 4444');
    expect(renderSecurityAlertSms(brand, alert, 'zh')).toContain('尾号 4444 的 MASTERCARD 卡');
  });
});

import { LOCALE_TAGS, LOCALES } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { type SignInEmail, signInEmails } from './sign-in-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };

const renderEmail = signInEmails.render;

describe('the emails of registering and signing in', () => {
  it('escapes customer names in HTML and keeps the link in both versions', () => {
    const m = renderEmail(brand, {
      template: 'confirm-email',
      name: '<b>Mei</b>',
      link: 'https://x.sg/confirmEmail/abc',
    });
    expect(m.html).toContain('&lt;b&gt;Mei&lt;/b&gt;');
    expect(m.html).not.toContain('<b>Mei</b>');
    expect(m.text).toContain('https://x.sg/confirmEmail/abc');
    expect(m.html).toContain('href="https://x.sg/confirmEmail/abc"');
  });

  it('shows the OTP and its lifetime', () => {
    const m = renderEmail(brand, { template: 'login-otp', name: 'Mei', code: '123456', minutes: 5 });
    expect(m.text).toContain('123456');
    expect(m.text).toContain('5 minutes');
  });

  it('tells the owner of an address someone registered with it, with both ways back in', () => {
    const m = renderEmail(brand, {
      template: 'registration-attempt',
      name: 'Mei',
      loginLink: 'https://x.sg/login',
      resetLink: 'https://x.sg/forgotPassword',
    });
    expect(m.subject).toContain('tried to register');
    expect(m.text).toContain('No new account was made');
    for (const link of ['https://x.sg/login', 'https://x.sg/forgotPassword']) {
      expect(m.text).toContain(link);
      expect(m.html).toContain(`href="${link}"`);
    }
  });

  const every: SignInEmail[] = [
    { template: 'confirm-email', name: 'Mei', link: 'https://x.sg/confirmEmail/abc' },
    { template: 'login-otp', name: 'Mei', code: '123456', minutes: 5 },
    {
      template: 'registration-attempt',
      name: 'Mei',
      loginLink: 'https://x.sg/login',
      resetLink: 'https://x.sg/forgotPassword?a=1&b=2',
    },
    { template: 'reset-password', name: 'Mei', link: 'https://x.sg/resetPassword/abc', minutes: 30 },
    {
      template: 'failed-sign-in',
      name: 'Mei',
      attempts: 5,
      minutes: 15,
      at: 'AT',
      address: '10.0.0.1',
      resetLink: 'https://x.sg/forgotPassword',
    },
  ];

  it('writes each in the language asked for, its links and values kept (ADR 0055)', () => {
    for (const t of every) {
      const english = renderEmail(brand, t);
      for (const locale of LOCALES) {
        const m = renderEmail(brand, t, locale);
        expect(m.html, `${t.template} ${locale}`).toContain(`<html lang="${LOCALE_TAGS[locale]}">`);
        for (const part of [m.subject, m.html, m.text]) expect(part).not.toMatch(/undefined|\{\w+\}/);
        if (locale !== 'en') expect(m.subject, `${t.template} ${locale}`).not.toBe(english.subject);
        for (const value of Object.values(t).filter((v) => typeof v === 'string' && v.startsWith('https')))
          expect(m.text).toContain(value);
      }
    }
    const reset = renderEmail(brand, every[2] as SignInEmail, 'zh').html;
    expect(reset).toContain('忘记密码？<a href="https://x.sg/forgotPassword?a=1&amp;b=2">在此重设</a>。');
  });

  it("keeps staff's failed sign-in email in English, whatever language a job names", () => {
    const staff: SignInEmail = {
      template: 'failed-sign-in',
      name: 'Ops',
      attempts: 5,
      minutes: 15,
      at: 'AT',
      address: '10.0.0.1',
    };
    expect(renderEmail(brand, staff, 'ta')).toEqual(renderEmail(brand, staff));
    expect(renderEmail(brand, staff).text).toContain('ask an administrator to reset your password');
  });
});

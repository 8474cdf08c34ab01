import { describe, expect, it } from 'vitest';
import { signInEmails } from './sign-in-emails.ts';

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
});

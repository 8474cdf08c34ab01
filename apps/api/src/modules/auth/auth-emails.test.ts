import { describe, expect, it } from 'vitest';
import { authEmails } from './auth-emails.ts';

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

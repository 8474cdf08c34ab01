import { LOCALE_TAGS, LOCALES } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { type UsersEmail, usersEmails } from './users-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };

describe('closing the account', () => {
  it('confirms the request with where to withdraw it, and the closing with no link to act on', () => {
    const asked = usersEmails.render(brand, {
      template: 'account-deletion-requested',
      name: 'Mei',
      link: 'https://x.sg/profile/myProfile',
    });
    expect(asked.subject).toBe('Your request to close your Selfcare Mobile account');
    expect(asked.text).toContain('See or withdraw your request: https://x.sg/profile/myProfile');
    expect(asked.html).toContain('href="https://x.sg/profile/myProfile"');

    const closed = usersEmails.render(brand, { template: 'account-closed', name: 'Mei' });
    expect(closed.subject).toBe('Your Selfcare Mobile account is closed');
    expect(closed.text).toContain('We keep your bills and payments, without your name or contact details');
    expect(closed.text).not.toContain('undefined');
    expect(closed.html).not.toContain('<a href');
  });

  it('writes each in the language asked for, its link kept (ADR 0055)', () => {
    const every: UsersEmail[] = [
      { template: 'account-deletion-requested', name: 'Mei', link: 'https://x.sg/profile/myProfile' },
      { template: 'account-deletion-withdrawn', name: 'Mei', link: 'https://x.sg/profile/myProfile' },
      { template: 'account-closed', name: 'Mei' },
    ];
    for (const t of every)
      for (const locale of LOCALES) {
        const m = usersEmails.render(brand, t, locale);
        expect(m.html).toContain(`<html lang="${LOCALE_TAGS[locale]}">`);
        for (const part of [m.subject, m.html, m.text]) expect(part).not.toMatch(/undefined|\{\w+\}/);
        if (locale !== 'en') expect(m.subject).not.toBe(usersEmails.render(brand, t).subject);
        if ('link' in t) expect(m.text).toContain(t.link);
      }
  });
});

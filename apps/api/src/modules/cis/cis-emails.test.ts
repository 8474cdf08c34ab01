import { LOCALE_TAGS, LOCALES } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { cisEmails } from './cis-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };
const renderEmail = cisEmails.render;

describe('the corporate plan code email', () => {
  it('tells a CIS code which company it checks and that it expires', () => {
    const m = renderEmail(brand, {
      template: 'cis-otp',
      name: 'Mei',
      company: 'Orchid <Health>',
      code: '654321',
      minutes: 5,
    });
    expect(m.text).toContain('654321');
    expect(m.text).toContain('Orchid <Health> corporate plans');
    expect(m.html).toContain('Orchid &lt;Health&gt;');
  });

  it('writes the code and the company in the language asked for (ADR 0055)', () => {
    for (const locale of LOCALES) {
      const m = renderEmail(
        brand,
        { template: 'cis-otp', name: 'Mei', company: 'Orchid <Health>', code: '654321', minutes: 5 },
        locale,
      );
      expect(m.html).toContain(`<html lang="${LOCALE_TAGS[locale]}">`);
      expect(m.html).toContain('654321');
      expect(m.text).toContain('654321');
      expect(m.text).toContain('Orchid <Health>');
      expect(m.html).toContain('Orchid &lt;Health&gt;');
    }
    expect(
      renderEmail(brand, { template: 'cis-otp', name: 'Mei', company: 'Orchid', code: '1', minutes: 5 }, 'zh')
        .subject,
    ).toBe('您的 Selfcare Mobile 企业配套验证码');
  });
});

import { describe, expect, it } from 'vitest';
import { renderUsageAlertSms, usageEmails } from './usage-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };
const alert = {
  template: 'usage-alert' as const,
  name: 'Mei',
  msisdn: '91234567',
  where: 'data' as const,
  left: '2 GB',
  size: '10 GB',
  stopsAtLimit: false,
  link: 'https://x.sg/usage',
};

describe("usage's alert email", () => {
  it('says how much is used and left, as the SMS does, with a link to the usage', () => {
    const m = usageEmails.render(brand, { ...alert, percent: 80 });
    expect(m.subject).toBe('80% of your data used on 91234567');
    expect(m.text).toContain('The line 91234567 has used 80% of your data this month; 2 GB left.');
    expect(m.text).toContain("This month's data: 2 GB left of 10 GB.");
    expect(m.text).toContain('See your usage: https://x.sg/usage');
    expect(renderUsageAlertSms(brand, { ...alert, percent: 80 })).toBe(
      'Selfcare Mobile: you have used 80% of your data this month; 2 GB left.',
    );
  });

  it('says what happens at the limit: stopped as asked, or charged out of bundle', () => {
    expect(usageEmails.render(brand, { ...alert, percent: 100 }).subject).toBe(
      'All your data used on 91234567',
    );
    expect(renderUsageAlertSms(brand, { ...alert, percent: 100, stopsAtLimit: true })).toContain(
      'Data is stopped until it renews or you add more, as you asked.',
    );
  });
});

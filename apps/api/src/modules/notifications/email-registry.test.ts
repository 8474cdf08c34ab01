import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billEmails } from '../billing/bill-emails.ts';
import { defineEmailTemplates, EmailTemplates, emailContentSchema } from './email-registry.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };
const overdue = {
  template: 'bill-overdue',
  name: 'Mei',
  month: 'October 2026',
  billNumber: 'B2026100000001',
  amount: '$26.30',
  fee: '$10.00',
  dueOn: '21 November 2026',
  link: 'https://x.sg/bills',
} as const;

describe("the modules' email templates", () => {
  it("writes a module's email by its own template, in the look of notifications' own", () => {
    const templates = new EmailTemplates();
    templates.add(billEmails);
    const m = templates.render(brand, overdue);
    expect(m.subject).toBe('Overdue notice: your October 2026 bill');
    expect(m.text).toContain('An overdue notice fee of $10.00 goes on your next bill.');
    expect(m.html).toContain('Need help? Email help@example.sg');
    // One of notifications' own, beside it.
    const reset = {
      template: 'reset-password',
      name: 'Mei',
      link: 'https://x.sg/resetPassword/abc',
      minutes: 30,
    };
    expect(templates.render(brand, reset).text).toContain('https://x.sg/resetPassword/abc');
  });

  it("checks a module's content with its schema, and refuses a name no module declares or one declared twice", () => {
    const templates = new EmailTemplates();
    templates.add(billEmails);
    expect(() => templates.render(brand, { ...overdue, fee: undefined } as never)).toThrow();
    expect(() => templates.render(brand, { template: 'no-such-email' })).toThrow(/no-such-email/);
    expect(() => templates.add(billEmails)).toThrow(/bill-issued' is declared twice/);
    const shadow = defineEmailTemplates({
      schemas: [z.object({ template: z.literal('login-otp') })],
      render: () => ({ subject: '', html: '', text: '' }),
    });
    expect(() => new EmailTemplates().add(shadow)).toThrow(/login-otp' is declared twice/);
  });

  it("checks notifications' own templates as they are queued, a module's as they are written", () => {
    expect(emailContentSchema.safeParse({ template: 'login-otp', name: 'Mei' }).success).toBe(false);
    expect(emailContentSchema.safeParse(overdue).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billEmails } from '../billing/bill-emails.ts';
import { esimEmail } from '../lines/esim-email.ts';
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
    // Notifications' own, beside it: an order step queued before the modules named theirs.
    const update = {
      template: 'order-update',
      name: 'Mei',
      orderNumber: 'SC1001',
      subject: 'Your order is approved',
      paragraphs: ['We are preparing it.'],
    };
    expect(templates.render(brand, update).subject).toBe('Your order is approved: order SC1001');
  });

  it("checks a module's content with its schema, and refuses a name no module declares or one declared twice", () => {
    const templates = new EmailTemplates();
    templates.add(billEmails);
    expect(() => templates.render(brand, { ...overdue, fee: undefined } as never)).toThrow();
    expect(() => templates.render(brand, { template: 'no-such-email' })).toThrow(/no-such-email/);
    expect(() => templates.add(billEmails)).toThrow(/bill-issued' is declared twice/);
    const shadow = defineEmailTemplates({
      schemas: [z.object({ template: z.literal('order-update') })],
      render: () => ({ subject: '', html: '', text: '' }),
    });
    expect(() => new EmailTemplates().add(shadow)).toThrow(/order-update' is declared twice/);
  });

  it('queues any named content and checks it by its template as it is written', async () => {
    expect(emailContentSchema.safeParse(overdue).success).toBe(true);
    expect(emailContentSchema.safeParse({ name: 'Mei' }).success).toBe(false);
    const templates = new EmailTemplates();
    templates.add(billEmails);
    await expect(templates.attachmentsOf({ ...overdue, amount: 26 } as never)).rejects.toThrow();
    expect(await templates.attachmentsOf(overdue)).toBeUndefined();
  });

  it("sends the files a template attaches: the eSIM's QR code, which its HTML shows", async () => {
    const templates = new EmailTemplates();
    templates.add(esimEmail);
    const esim = {
      template: 'esim-profile',
      name: 'Mei',
      msisdn: '81234567',
      activationCode: 'LPA:1$smdp.example.sg$ABC-123',
      installsLeft: 2,
      link: 'https://x.sg/manage/esim',
    };
    const [qr, ...more] = (await templates.attachmentsOf(esim)) ?? [];
    expect(more).toEqual([]);
    expect(qr).toMatchObject({ filename: 'esim-qr.png', cid: 'esim-qr', contentType: 'image/png' });
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(templates.render(brand, esim).html).toContain('src="cid:esim-qr"');
  });
});

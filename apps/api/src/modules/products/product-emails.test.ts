import { describe, expect, it } from 'vitest';
import { productEmails, renderRoamingCapSms } from './product-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };

describe("products' emails", () => {
  it("writes a card purchase's receipt and its refund's: what, the line, the amount, GST, card and day, and a pack's days when it starts later", () => {
    const receipt = {
      name: 'Mei',
      receipt: '5A0C2D1E',
      product: 'Malaysia 3GB, 3 days',
      msisdn: '81234567',
      amount: '$5.00',
      card: 'VISA •••• 4242',
      date: '28 November 2026',
      link: 'https://x.sg/bills',
    };
    const paid = productEmails.render(brand, {
      template: 'purchase-receipt',
      ...receipt,
      gst: '$0.41',
      gstPercent: 9,
    });
    expect(paid.subject).toBe('Receipt for Malaysia 3GB, 3 days: $5.00');
    expect(paid.text).toContain(
      'Malaysia 3GB, 3 days for 8123 4567: $5.00 (includes GST 9%: $0.41), paid with VISA •••• 4242 on 28 November 2026.',
    );
    expect(paid.html).toContain('href="https://x.sg/bills"');
    expect(paid.text).not.toContain('Valid from');
    const later = productEmails.render(brand, {
      template: 'purchase-receipt',
      ...receipt,
      product: 'Japan 5GB, 7 days',
      gst: '$1.49',
      gstPercent: 9,
      validity: { from: '3 December 2026', to: '9 December 2026' },
    });
    expect(later.text).toContain(
      'paid with VISA •••• 4242 on 28 November 2026.\n\nValid from 3 December 2026 to 9 December 2026.',
    );
    expect(later.html).toContain('<p>Valid from 3 December 2026 to 9 December 2026.</p>');
    const back = productEmails.render(brand, { template: 'purchase-refund', ...receipt });
    expect(back.subject).toBe('Refund of $5.00: Malaysia 3GB, 3 days');
    expect(back.text).toContain('Refunded $5.00 to VISA •••• 4242 on 28 November 2026.');
    expect(back.text).toContain('Malaysia 3GB, 3 days for 8123 4567 could not be set up');
    expect(back.text).toContain('Receipt 5A0C2D1E.');
  });

  it("tells of a line's roaming at its cap's share and at the cap, as the SMS does, with a link to the roaming page", () => {
    const cap = {
      template: 'roaming-cap' as const,
      name: 'Mei',
      msisdn: '81234567',
      cap: '$50.00',
      link: 'https://x.sg/manage/roaming',
    };
    const share = productEmails.render(brand, { ...cap, percent: 80 });
    expect(share.subject).toBe('80% of your roaming cap used on 81234567');
    expect(share.text).toContain(renderRoamingCapSms(brand, { ...cap, percent: 80 }));
    expect(share.text).toContain('See your roaming: https://x.sg/manage/roaming');
    const reached = productEmails.render(brand, { ...cap, percent: 100 });
    expect(reached.subject).toBe('Roaming cap reached on 81234567');
    expect(reached.text).toContain('Roaming data is stopped until the 1st; calls and SMS abroad still work.');
  });
});

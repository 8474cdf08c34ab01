import { formatSgDay } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { notYou } from '../notifications/index.ts';
import {
  lineChangeForEarlierWorkers,
  productEmails,
  renderRoamingCapSms,
  yourCard,
} from './product-emails.ts';

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

describe("products' emails and SMS in the customer's language (ADR 0055)", () => {
  const receipt = {
    name: 'Mei',
    receipt: '5A0C2D1E',
    product: 'Japan 5GB, 7 days',
    msisdn: '81234567',
    amount: '$18.00',
    card: 'VISA •••• 4242',
    link: 'https://x.sg/bills',
  };

  it("writes a receipt and its refund in the customer's language, the days as the sender wrote them in it", () => {
    const paid = productEmails.render(
      brand,
      {
        template: 'purchase-receipt',
        ...receipt,
        date: formatSgDay('2026-11-28', 'day', 'zh'),
        gst: '$1.49',
        gstPercent: 9,
        validity: {
          from: formatSgDay('2026-12-03', 'day', 'zh'),
          to: formatSgDay('2026-12-09', 'day', 'zh'),
        },
      },
      'zh',
    );
    expect(paid.subject).toBe('Japan 5GB, 7 days 的收据：$18.00');
    expect(paid.text).toContain(
      'Japan 5GB, 7 days（8123 4567）：$18.00（含 9% GST：$1.49），已于2026年11月28日用 VISA •••• 4242 支付。',
    );
    expect(paid.text).toContain('有效期：2026年12月3日至2026年12月9日。');
    expect(paid.html).toContain('查看付款记录');
    const back = productEmails.render(
      brand,
      { template: 'purchase-refund', ...receipt, card: yourCard('ms'), date: '28 November 2026' },
      'ms',
    );
    expect(back.subject).toBe('Bayaran balik $18.00: Japan 5GB, 7 days');
    expect(back.text).toContain('Bayaran balik $18.00 dibuat ke kad anda pada 28 November 2026.');
    expect(back.text).toContain('Resit 5A0C2D1E.');
    expect(yourCard('en')).toBe('your card');
  });

  it('tells of the roaming cap in Malay and Tamil, the email saying what the SMS says', () => {
    const cap = {
      template: 'roaming-cap' as const,
      name: 'Mei',
      msisdn: '81234567',
      cap: '$50.00',
      link: 'https://x.sg/manage/roaming',
    };
    const share = productEmails.render(brand, { ...cap, percent: 80 }, 'ms');
    expect(share.subject).toBe('80% daripada had perbelanjaan perayauan anda telah digunakan pada 81234567');
    expect(renderRoamingCapSms(brand, { ...cap, percent: 80 }, 'ms')).toBe(
      'Selfcare Mobile: perayauan anda pada 81234567 telah mencapai 80% daripada had bulanan $50.00. Pada had itu, data perayauan berhenti hingga 1 haribulan.',
    );
    expect(share.text).toContain(renderRoamingCapSms(brand, { ...cap, percent: 80 }, 'ms'));
    expect(share.text).toContain('Lihat perayauan anda: https://x.sg/manage/roaming');
    const reached = productEmails.render(brand, { ...cap, percent: 100 }, 'ta');
    expect(reached.subject).toBe('81234567 இணைப்பில் ரோமிங் செலவு வரம்பு எட்டப்பட்டது');
    expect(reached.text).toContain(renderRoamingCapSms(brand, { ...cap, percent: 100 }, 'ta'));
    expect(renderRoamingCapSms(brand, { ...cap, percent: 100 }, 'ta')).toContain(
      'ரோமிங் செலவு மாதாந்திர வரம்பை ($50.00) எட்டிவிட்டது.',
    );
  });

  it("writes a line change in the customer's language, and in English as before", () => {
    const change = {
      template: 'line-change' as const,
      name: 'Mei',
      msisdn: '81234567',
      link: 'https://x.sg/l',
    };
    const plan = productEmails.render(brand, {
      ...change,
      change: { kind: 'plan', from: 'Lite 10', to: 'Value 20', day: '1 December 2026', price: '$20.00' },
    });
    expect(plan.subject).toBe('A change to your line 8123 4567');
    expect(plan.text).toContain(
      `The plan of your line 8123 4567 changes from Lite 10 to Value 20 on 1 December 2026.\n\nFrom that day, Value 20 is charged on your bill at $20.00 a month. You can cancel the change on the plan change page until then.\n\n${notYou(brand)}`,
    );
    const added = productEmails.render(
      brand,
      {
        ...change,
        change: {
          kind: 'product',
          product: 'Data 5GB',
          day: formatSgDay('2026-11-28', 'day', 'zh'),
          price: '$5.00',
        },
      },
      'zh',
    );
    expect(added.subject).toBe('您的线路 8123 4567 有变更');
    expect(added.text).toContain('Data 5GB 已从今天（2026年11月28日）起添加到您的线路 8123 4567。');
    expect(added.text).toContain('它将按每月 $5.00 计入您的账单，直至您将其移除。');
    expect(added.text).toContain('如果这不是您本人的操作，请立即致电 +65 6000 0000');
    // An email queued before the change was kept as facts says what it was given, as it did.
    const before = productEmails.render(brand, {
      ...change,
      what: 'Your plan changes.',
      cost: 'It costs $5.00.',
    });
    expect(before.text).toContain(`Your plan changes.\n\nIt costs $5.00.\n\n${notYou(brand)}`);
  });
});

describe('a line change queued for a worker of the release before', () => {
  it('carries the change in English too, which reads as this release writes it in English', () => {
    const change = {
      kind: 'plan',
      from: 'Lite 10',
      to: 'Value 20',
      day: '2026年12月7日',
      price: '$20.00',
    } as const;
    const legacy = lineChangeForEarlierWorkers('81234567', change, '7 December 2026');
    const base = { template: 'line-change', name: 'Mei', msisdn: '81234567', link: 'https://x/p' } as const;
    // What that release's worker renders from `what` and `cost` alone …
    const earlier = productEmails.render(brand, { ...base, ...legacy });
    // … is what this release renders in English.
    const now = productEmails.render(brand, { ...base, change: { ...change, day: '7 December 2026' } }, 'en');
    expect(earlier.text).toBe(now.text);
    expect(legacy.what).toContain('7 December 2026');
  });
});

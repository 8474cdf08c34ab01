import { DeliveryMethod, LOCALE_TAGS, LOCALES } from '@selfcare/domain';
import { DEFAULT_FEES, NumberType, quoteOrder } from '@selfcare/domain/order';
import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail, quoteItemLabel } from './order-confirmation-email.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };

/** Two lines with new numbers, home delivery and a promotion: every kind of item a quote holds. */
const quote = quoteOrder({
  lines: [
    {
      label: 'Me',
      planName: 'Value 20',
      planCents: 2000,
      addons: [{ name: 'Data 20GB', cents: 500 }],
      numberType: NumberType.New,
    },
    { label: 'Us 1', planName: 'Lite 10', planCents: 1000, addons: [], numberType: NumberType.New },
  ],
  deliveryMethod: DeliveryMethod.HomeDelivery,
  promotion: { code: 'SAVE10', percentOff: 10, amountOffCents: null },
  fees: DEFAULT_FEES,
  chargeNow: true,
});

const confirmation = (items: { label: string; amount: string }[]) => ({
  template: 'order-confirmation' as const,
  name: 'Mei',
  orderNumber: 'SC1001',
  items,
  total: '$34.20',
  gst: '$2.82',
  gstPercent: 9,
  charged: '$34.20',
  link: 'https://x.sg/myAccount',
});

describe("a paid order's confirmation", () => {
  it('is written in English word for word, its items as the quote names them', () => {
    const items = quote.items.map((i) => ({ label: quoteItemLabel(i, 'en'), amount: '$1.00' }));
    expect(items.map((i) => i.label)).toEqual(quote.items.map((i) => i.label));
    expect(items.map((i) => i.label)).toEqual([
      'Me: Value 20',
      'Me: Data 20GB',
      'Me: New number fee',
      'Us 1: Lite 10',
      'Us 1: New number fee',
      'Delivery',
      'Promotion SAVE10',
    ]);
    const m = orderConfirmationEmail.render(brand, confirmation(items.slice(2, 3)));
    expect(m.subject).toBe('Your Selfcare Mobile order SC1001');
    expect(m.text).toBe(
      'Hi Mei,\n\nThank you for your order SC1001. Please wait for the administrator to approve your order; we will email you at every step.\n\nMe: New number fee: $1.00\nTotal: $34.20 (includes GST 9%: $2.82)\nCharged to your card now: $34.20\n\nSee your order: https://x.sg/myAccount\n\nNeed help? Email help@example.sg or call +65 6000 0000.\nSelfcare Mobile',
    );
    expect(m.html).toContain('Thank you for your order <strong>SC1001</strong>. Please wait');
    expect(m.html).toContain('<tr><td>Includes GST 9%</td>');
  });

  it("names the quote's fees and promotion in each language; a line's plan and add-on stay as stored", () => {
    const labels = (locale: 'zh' | 'ms' | 'ta') => quote.items.map((i) => quoteItemLabel(i, locale));
    expect(labels('zh')).toEqual([
      'Me: Value 20',
      'Me: Data 20GB',
      'Me: 新号码费',
      'Us 1: Lite 10',
      'Us 1: 新号码费',
      '配送费',
      '优惠码 SAVE10',
    ]);
    expect(labels('ms').slice(4)).toEqual(['Us 1: Fi nombor baharu', 'Penghantaran', 'Promosi SAVE10']);
    expect(labels('ta').slice(4)).toEqual(['Us 1: புதிய எண் கட்டணம்', 'டெலிவரி', 'சலுகைக் குறியீடு SAVE10']);
    // A label of a shape it does not know is kept as it is.
    expect(quoteItemLabel({ kind: 'numberFee', label: 'Number fee' }, 'zh')).toBe('Number fee');
  });

  it('is written in each language: its subject, the order in bold, the totals and the link', () => {
    for (const locale of LOCALES) {
      const m = orderConfirmationEmail.render(
        brand,
        confirmation([{ label: 'Me: Value 20', amount: '$20.00' }]),
        locale,
      );
      expect(m.html).toContain(`<html lang="${LOCALE_TAGS[locale]}">`);
      expect(m.html).toContain('<strong>SC1001</strong>');
      expect(m.text).toContain('Me: Value 20');
      expect(m.text).toContain('$34.20');
      expect(m.text).toContain('$2.82');
      expect(m.text).toContain('https://x.sg/myAccount');
    }
    const zh = orderConfirmationEmail.render(
      brand,
      confirmation([{ label: '配送费', amount: '$5.50' }]),
      'zh',
    );
    expect(zh.subject).toBe('您的 Selfcare Mobile 订单 SC1001');
    expect(zh.text).toBe(
      'Mei，您好：\n\n感谢您的订单 SC1001。请等待管理员批准您的订单；每个步骤我们都会发邮件通知您。\n\n配送费：$5.50\n合计：$34.20（含 9% GST：$2.82）\n现已从您的银行卡扣款：$34.20\n\n查看订单：https://x.sg/myAccount\n\n需要帮助？请发邮件至 help@example.sg 或致电 +65 6000 0000。\nSelfcare Mobile',
    );
    const ms = orderConfirmationEmail.render(brand, confirmation([]), 'ms');
    expect(ms.subject).toBe('Pesanan Selfcare Mobile anda SC1001');
    expect(ms.text).toContain('Jumlah: $34.20 (termasuk GST 9%: $2.82)\nDicaj ke kad anda sekarang: $34.20');
    const ta = orderConfirmationEmail.render(brand, confirmation([]), 'ta');
    expect(ta.subject).toBe('உங்கள் Selfcare Mobile ஆர்டர் SC1001');
    expect(ta.html).toContain('<strong>SC1001</strong> என்ற உங்கள் ஆர்டருக்கு நன்றி.');
    expect(ta.html).toContain('<tr><td>GST 9% உட்பட</td>');
  });
});

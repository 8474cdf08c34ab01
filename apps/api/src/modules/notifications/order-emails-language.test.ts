import { formatSgDay, LOCALE_TAGS, LOCALES, type Locale } from '@selfcare/domain';
import {
  DELIVERY_METHOD_LABELS,
  DONOR_REFUSALS,
  type DonorRefusal,
  FulfilmentMessages,
} from '@selfcare/domain/fulfilment';
import { describe, expect, it } from 'vitest';
import { fulfilmentEmails } from '../fulfilment/fulfilment-emails.ts';
import { lineEmails } from '../lines/line-emails.ts';
import { ordersEmails } from '../orders/order-emails.ts';
import { EmailTemplates } from './email-registry.ts';
import type { EmailContent } from './module-emails.ts';
import { deliveryMethodName } from './order-emails.ts';

/**
 * The order emails in the customer's language (ADR 0055), as the worker writes them for the locale on
 * the job: the look they share, and each module's words; English as order-emails.test.ts has it.
 */
const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };
const templates = new EmailTemplates();
templates.add(ordersEmails);
templates.add(fulfilmentEmails);
templates.add(lineEmails);

describe("order emails in the customer's language (ADR 0055)", () => {
  const order = { name: 'Mei', orderNumber: 'SC1001', link: 'https://x.sg/manage/orders/1' };
  const inLocale = (content: EmailContent, locale: Locale) => templates.render(brand, content, locale);
  const rejected = {
    template: 'order-rejected' as const,
    ...order,
    reason: 'The ID photo is of <someone> else',
    refundCents: 3050,
  };

  it('writes the look every order email shares in each language: its lang, greeting, subject, link and footer', () => {
    const look = {
      en: ['Hi Mei,', ': order SC1001', 'See your order: ', 'Need help?'],
      zh: ['Mei，您好：', '：订单 SC1001', '查看订单：', '需要帮助？'],
      ms: ['Hai Mei,', ': pesanan SC1001', 'Lihat pesanan anda: ', 'Perlukan bantuan?'],
      ta: ['வணக்கம் Mei,', ': ஆர்டர் SC1001', 'உங்கள் ஆர்டரைப் பார்க்கவும்: ', 'உதவி தேவையா?'],
    } as const;
    for (const locale of LOCALES) {
      const [hi, ofOrder, link, help] = look[locale];
      const m = inLocale(rejected, locale);
      expect(m.html).toContain(`<html lang="${LOCALE_TAGS[locale]}">`);
      expect(m.subject.endsWith(ofOrder), m.subject).toBe(true);
      expect(m.text.startsWith(`${hi}\n\n`), m.text).toBe(true);
      expect(m.text).toContain(`\n\n${link}${order.link}\n\n${help}`);
      // The staff's reason is the customer's data: kept as typed, and escaped in the HTML.
      expect(m.text).toContain('The ID photo is of <someone> else');
      expect(m.html).toContain('The ID photo is of &lt;someone&gt; else');
      expect(m.text).toContain('$30.50');
    }
    expect(inLocale(rejected, 'zh').text).toBe(
      [
        'Mei，您好：',
        '我们无法批准您的订单 SC1001。',
        '原因：The ID photo is of <someone> else',
        '我们正在将 $30.50 退款至您的银行卡，最多可能需要 10 个工作日才会到账。',
        '欢迎您重新下单。如有疑问，请联系我们。',
        `查看订单：${order.link}`,
        '需要帮助？请发邮件至 help@example.sg 或致电 +65 6000 0000。\nSelfcare Mobile',
      ].join('\n\n'),
    );
    expect(inLocale(rejected, 'en')).toEqual(templates.render(brand, rejected));
  });

  it('names the delivery methods as SPEC.md does in English, and in each language', () => {
    for (const [code, label] of Object.entries(DELIVERY_METHOD_LABELS))
      expect(deliveryMethodName(Number(code), 'en')).toBe(label);
    expect(deliveryMethodName(0, 'zh')).toBe('上门配送');
    expect(deliveryMethodName(4, 'ms')).toBe('Ambil Sendiri');
    expect(deliveryMethodName(9, 'ta')).toBeUndefined();
    expect(deliveryMethodName(null, 'zh')).toBeUndefined();
  });

  it("sub-line-ordered in Chinese: the 'Us' line, the fees and the planned day as Chinese writes it", () => {
    const line = {
      template: 'sub-line-ordered' as const,
      ...order,
      lineUser: 'Tan Ah Kow',
      msisdn: '81234567',
      portIn: false,
      planName: 'Lite 20GB',
      planCents: 2000,
      newNumberFeeCents: 1070,
      deliveryFeeCents: 550,
      typeSim: 0,
      deliveryMethod: 0,
      deliveryDate: '2026-11-25',
    };
    const m = inLocale(line, 'zh');
    expect(m.subject).toBe("您的 'Us' 附属线路已下单：订单 SC1001");
    expect(m.text).toContain(
      "感谢您的订单 SC1001：为 Tan Ah Kow 开通一条 'Us' 附属线路，使用新号码 8123 4567，配套为 Lite 20GB，每月 $20.00。",
    );
    expect(m.text).toContain('一次性费用（新号码费 $10.70，配送费 $5.50）将计入您的下一期账单。');
    expect(m.text).toContain(
      `随后我们会寄出 SIM 卡（上门配送，计划于${formatSgDay('2026-11-25', 'weekday', 'zh')}配送）`,
    );
    expect(formatSgDay('2026-11-25', 'weekday', 'zh')).toContain('2026年11月25日');
    const esim = inLocale(
      {
        ...line,
        portIn: true,
        typeSim: 1,
        deliveryMethod: 2,
        deliveryDate: null,
        newNumberFeeCents: 0,
        deliveryFeeCents: 0,
      },
      'ms',
    );
    expect(esim.text).toContain('dengan nombor mereka sendiri 8123 4567, yang dipindahkan kepada kami');
    expect(esim.text).toContain(
      'Talian ini dibilkan setiap bulan bersama akaun anda, mulai hari ia aktif.\n\n',
    );
    expect(esim.text).toContain('Kemudian kami akan menghantar eSIM kepada anda melalui e-mel');
    const ta = inLocale({ ...line, newNumberFeeCents: 0, deliveryMethod: 4 }, 'ta');
    expect(ta.subject).toBe("உங்கள் 'Us' இணைப்புக்கான ஆர்டர் பெறப்பட்டது: ஆர்டர் SC1001");
    expect(ta.text).toContain('ஒருமுறைக் கட்டணங்கள் (டெலிவரி $5.50)');
    expect(ta.text).toContain(`(நேரில் பெறுதல், ${formatSgDay('2026-11-25', 'weekday', 'ta')} அன்று`);
  });

  it("an order's steps in Malay, Tamil and Chinese: cancelled, documents, the SIM on its way, not delivered", () => {
    const cancelled = inLocale(
      {
        template: 'order-cancelled',
        ...order,
        reason: 'Customer asked to cancel',
        refundCents: null,
        adminFeeCents: 1700,
      },
      'ms',
    );
    expect(cancelled.subject).toBe('Pesanan anda telah dibatalkan: pesanan SC1001');
    expect(cancelled.text).toContain(
      'Pesanan anda SC1001 telah dibatalkan.\n\nSebab: Customer asked to cancel\n\nSeperti yang dinyatakan dalam terma kami, pesanan yang dibatalkan dikenakan fi pentadbiran $17.00, yang dicaj pada bil pertama anda.',
    );
    expect(cancelled.text).not.toContain('bayaran balik');
    const documents = inLocale(
      { template: 'documents-requested', ...order, link: 'https://x.sg/uploadID', reason: 'Blurred' },
      'ta',
    );
    expect(documents.subject).toBe('உங்கள் அடையாள ஆவணங்களைப் பதிவேற்றவும்: ஆர்டர் SC1001');
    expect(documents.text).toContain('காரணம்: Blurred');
    expect(documents.text).toContain('அடையாள ஆவணங்களைப் பதிவேற்றவும்: https://x.sg/uploadID');
    expect(documents.html).toContain('>அடையாள ஆவணங்களைப் பதிவேற்றவும்</a>');
    const sent = {
      template: 'sim-on-its-way' as const,
      ...order,
      deliveryDate: '2026-11-25',
      trackingCode: 'NV-1',
    };
    const day = formatSgDay('2026-11-25', 'weekday', 'ta');
    expect(day).toContain('நவம்பர்');
    const home = inLocale({ ...sent, deliveryMethod: 0 }, 'ta');
    expect(home.text).toContain(
      `SC1001 என்ற ஆர்டருக்கான உங்கள் SIM, வீட்டு டெலிவரி மூலம் அனுப்பப்பட்டுள்ளது; ${day} அன்று`,
    );
    expect(home.text).toContain('கண்காணிப்புக் குறியீடு: NV-1');
    const us = inLocale({ ...sent, deliveryMethod: 4, lineUser: 'Tan Ah Kow' }, 'zh');
    expect(us.text).toContain('（方式：自取）');
    expect(us.text).toContain(
      '此 SIM 卡属于 Tan Ah Kow 的线路：由 Tan Ah Kow 本人领取，并出示其本人的 NRIC 或 FIN',
    );
    const failed = inLocale({ template: 'delivery-failed', ...order, reason: 'Nobody at home' }, 'ms');
    expect(failed.text).toContain(
      'Kami tidak dapat menghantar SIM untuk pesanan SC1001.\n\nSebab: Nobody at home',
    );
  });

  it("lines-active keeps the spec's words in English, and says them in each language", () => {
    const active = { template: 'lines-active' as const, ...order, link: 'https://x.sg/dashboard/local' };
    expect(inLocale(active, 'en').text).toContain(
      `${FulfilmentMessages.activated}. Every line of order SC1001`,
    );
    const zh = inLocale(active, 'zh');
    expect(zh.subject).toBe('您的线路已激活：订单 SC1001');
    expect(zh.text).toContain('SIM 卡已成功激活。订单 SC1001 的所有线路现已激活。');
    expect(zh.text).toContain('打开我的主页：https://x.sg/dashboard/local');
    expect(inLocale(active, 'ta').text).toContain('SIM வெற்றிகரமாகச் செயல்படுத்தப்பட்டது.');
  });

  it("port-in: the donor's reasons in English as DONOR_REFUSALS has them, and in each language", () => {
    const link = 'https://x.sg/manage/numberPort';
    const refused = (refusal: DonorRefusal | null, locale: Locale) =>
      inLocale({ template: 'port-refused', ...order, link, msisdn: '90000002', refusal }, locale);
    for (const [refusal, { reason, advice }] of Object.entries(DONOR_REFUSALS)) {
      const en = refused(refusal as DonorRefusal, 'en').text;
      expect(en).toContain(`Reason: ${reason}\n\n${advice}`);
      for (const locale of ['zh', 'ms', 'ta'] as const) {
        const text = refused(refusal as DonorRefusal, locale).text;
        expect(text).not.toContain(reason);
        expect(text).not.toContain(advice);
      }
    }
    expect(refused('not-active', 'zh').text).toContain(
      '原因：该号码在原网络不是有效的后付费号码。\n\n此号码无法携号转网。请通过“更换号码”重新申请。',
    );
    expect(refused('id-mismatch', 'ms').subject).toBe('Nombor anda tidak dapat dipindahkan: pesanan SC1001');
    expect(refused(null, 'ta').text).not.toContain('காரணம்');
    const moved = inLocale({ template: 'port-completed', ...order, link, msisdn: '90000002' }, 'ta');
    expect(moved.subject).toBe('உங்கள் எண் எங்களிடம் மாறிவிட்டது: ஆர்டர் SC1001');
    expect(moved.text).toContain('உங்கள் எண் 90000002 இப்போது எங்களிடம் உள்ளது.');
    expect(moved.text).toContain(`உங்கள் எண் மாற்றத்தைப் பார்க்கவும்: ${link}`);
  });

  it('order-update, queued before the named templates with its words in English, stays in English', () => {
    const queued = {
      template: 'order-update' as const,
      ...order,
      subject: 'We could not deliver your SIM',
      paragraphs: ['We could not deliver the SIM for order SC1001.'],
    };
    expect(inLocale(queued, 'zh')).toEqual(templates.render(brand, queued));
    expect(inLocale(queued, 'zh').html).toContain('<html lang="en-SG">');
  });
});

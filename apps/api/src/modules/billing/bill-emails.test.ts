import { BillMessages, formatBillMonth, formatSgDay, smsSegments } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { billEmails, deductionFailedText, overdueNoticeText, RECEIPT_SOME_CARD } from './bill-emails.ts';

const brand = { name: 'Selfcare Mobile', supportEmail: 'help@example.sg', supportPhone: '+65 6000 0000' };

describe('bill emails', () => {
  const failed = {
    template: 'bill-deduction-failed' as const,
    name: 'Mei',
    month: 'October 2026',
    billNumber: 'B2026100000001',
    amount: '$26.30',
    link: 'https://x.sg/bills?bill=b-1',
  };
  const footer = '\n\nNeed help? Email help@example.sg or call +65 6000 0000.\nSelfcare Mobile';

  it('a failed card deduction names the card, the bill and the amount, when the card is tried again and what to do meanwhile', () => {
    const m = billEmails.render(brand, { ...failed, card: 'VISA •••• 4242', retryOn: '27 November 2026' });
    expect(m.subject).toBe('Payment deduction failed: your October 2026 bill');
    expect(m.text).toBe(
      `Hi Mei,\n\n${[
        'Payment deduction failed. We could not charge $26.30 for your October 2026 bill B2026100000001 to VISA •••• 4242.',
        'Please check your card details or balance, or use another card.',
        'We will try your card again on 27 November 2026. Before then you can pay the bill now by card or PayNow, or change the card your bills are charged to, on your bills page.',
      ].join('\n\n')}\n\nPay your bill: https://x.sg/bills?bill=b-1${footer}`,
    );
    expect(m.html).toContain('href="https://x.sg/bills?bill=b-1"');

    const last = billEmails.render(brand, { ...failed, card: 'VISA •••• 4242', retryOn: null });
    expect(last.text).toContain(
      'We will not try again. Please pay the bill now by card or PayNow on your bills page: unpaid bills are charged an overdue notice fee.',
    );
    const noCard = billEmails.render(brand, { ...failed, card: null, retryOn: '27 November 2026' });
    expect(noCard.text).toContain(
      'We could not charge $26.30 for your October 2026 bill B2026100000001: there is no card saved on your account.',
    );
    expect(noCard.text).toContain(
      'We will try again on 27 November 2026. Before then you can pay the bill now by card or PayNow, or add a card for your bills, on your bills page.',
    );
  });

  it("a failed deduction's SMS names the card tried, and says when there is none rather than 'your saved card'", () => {
    const facts = {
      month: 'October 2026',
      billNumber: 'B2026100000001',
      amount: '$26.30',
      retryOn: '27 November 2026',
    };
    expect(deductionFailedText(brand, { ...facts, card: 'VISA •••• 4242' })).toContain(
      'We could not charge $26.30 for your October 2026 bill (B2026100000001) to VISA ending 4242. Please check your card details',
    );
    // Every character in GSM-7: the '••••' of receipts would send it as UCS-2, in 5 parts, not 2.
    expect(smsSegments(deductionFailedText(brand, { ...facts, card: 'VISA •••• 4242' }))).toMatchObject({
      encoding: 'GSM-7',
      segments: 2,
    });
    const none = deductionFailedText(brand, { ...facts, card: null });
    expect(none).toContain('there is no card saved on your account. Please save one in the portal.');
    expect(none).not.toContain('saved card');
  });
});

describe("bill emails and SMS in the customer's language (ADR 0055)", () => {
  const failed = {
    template: 'bill-deduction-failed' as const,
    name: 'Mei',
    billNumber: 'B2026100000001',
    amount: '$26.30',
    card: 'VISA •••• 4242',
    link: 'https://x.sg/bills?bill=b-1',
  };

  it("keeps the spec's words in English, from BillMessages", () => {
    const m = billEmails.render(brand, { ...failed, month: 'October 2026', retryOn: null });
    expect(m.text).toContain(`${BillMessages.deductionFailed} We could not charge`);
    expect(m.text).toContain(BillMessages.deductionFailedAdvice);
    expect(deductionFailedText(brand, { ...failed, month: 'October 2026', retryOn: null }, 'en')).toContain(
      `Selfcare Mobile: ${BillMessages.deductionFailed}`,
    );
  });

  it('writes a failed deduction in Chinese: the words, the card as Chinese names it in the SMS, the days as Chinese writes them', () => {
    const month = formatBillMonth('2026-10', 'zh');
    const retryOn = formatSgDay('2026-11-27', 'day', 'zh');
    const m = billEmails.render(brand, { ...failed, month, retryOn }, 'zh');
    expect(m.subject).toBe('银行卡扣款失败：您2026年10月的账单');
    expect(m.text).toContain(
      '银行卡扣款失败。我们未能从 VISA •••• 4242 扣取您2026年10月账单 B2026100000001 的 $26.30。',
    );
    expect(m.text).toContain('我们将于2026年11月27日再次从您的银行卡扣款。');
    // The shared look writes the link's line ('支付账单: …').
    expect(m.text).toMatch(/\n支付账单[:：] ?https:\/\/x\.sg\/bills\?bill=b-1\n/);
    expect(m.html).toContain('<html lang="zh-Hans-SG">');
    const sms = deductionFailedText(brand, { ...failed, month, retryOn }, 'zh');
    expect(sms).toBe(
      'Selfcare Mobile：银行卡扣款失败。我们未能从尾号 4242 的 VISA 卡扣取您2026年10月账单（B2026100000001）的 $26.30。请检查您的银行卡资料或余额，或改用另一张银行卡。我们将于2026年11月27日再次扣款，您也可以现在在自助服务门户用银行卡或 PayNow 付款。',
    );
    expect(smsSegments(sms)).toMatchObject({ encoding: 'UCS-2', segments: 3 });
  });

  it('writes a failed deduction without a card, and the last one, in Malay, in GSM-7', () => {
    const month = formatBillMonth('2026-10', 'ms');
    const m = billEmails.render(brand, { ...failed, month, card: null, retryOn: null }, 'ms');
    expect(m.subject).toBe('Potongan bayaran gagal: bil Oktober 2026 anda');
    expect(m.text).toContain(
      'Potongan bayaran gagal. Kami tidak dapat mengecaj $26.30 untuk bil B2026100000001 anda bagi Oktober 2026: tiada kad yang disimpan dalam akaun anda.',
    );
    expect(m.text).toContain('bil yang belum dibayar dikenakan fi notis tunggakan.');
    expect(m.text).toContain('Bayar bil anda: https://x.sg/bills?bill=b-1');
    const sms = deductionFailedText(brand, { ...failed, month, card: 'VISA •••• 4242', retryOn: null }, 'ms');
    expect(sms).toContain('ke VISA berakhir 4242.');
    expect(smsSegments(sms).encoding).toBe('GSM-7');
    expect(deductionFailedText(brand, { ...failed, month, card: null, retryOn: null }, 'ms')).toContain(
      'tiada kad yang disimpan dalam akaun anda. Sila simpan satu di portal.',
    );
  });

  it('writes a failed deduction and the overdue notice in Tamil', () => {
    const month = formatBillMonth('2026-10', 'ta');
    const dueOn = formatSgDay('2026-11-25', 'day', 'ta');
    const m = billEmails.render(brand, { ...failed, month, retryOn: dueOn }, 'ta');
    expect(m.subject).toBe(`கட்டண வசூல் தோல்வியடைந்தது: உங்கள் ${month} பில்`);
    expect(m.text).toContain('$26.30 தொகையை VISA •••• 4242 மூலம் வசூலிக்க முடியவில்லை.');
    expect(deductionFailedText(brand, { ...failed, month, retryOn: dueOn }, 'ta')).toContain(
      '$26.30 தொகை 4242 இல் முடியும் VISA அட்டை மூலம் வசூலாகவில்லை.',
    );
    const overdue = {
      month,
      billNumber: 'B2026100000001',
      amount: '$26.30',
      fee: '$10.00',
      dueOn,
    };
    const notice = billEmails.render(
      brand,
      { template: 'bill-overdue', name: 'Mei', ...overdue, link: 'https://x.sg/b' },
      'ta',
    );
    expect(notice.subject).toBe(`நிலுவை அறிவிப்பு: உங்கள் ${month} பில்`);
    expect(notice.text).toContain(overdueNoticeText(brand, overdue, 'ta'));
    expect(overdueNoticeText(brand, overdue, 'ta')).toBe(
      `Selfcare Mobile: நிலுவை அறிவிப்பு. ${month} பில் (B2026100000001), தொகை $26.30, செலுத்த வேண்டிய தேதி ${dueOn}; இன்னும் செலுத்தப்படவில்லை. $10.00 நிலுவை அறிவிப்புக் கட்டணம் அடுத்த பில்லில் சேர்க்கப்படும். போர்ட்டலில் அட்டை அல்லது PayNow மூலம் இப்போதே செலுத்தவும்.`,
    );
    expect(notice.text).toContain('வணக்கம் Mei,');
  });

  it('writes a receipt, a revised bill and a credit in each language, the month and day as the sender wrote them', () => {
    const receipt = {
      template: 'bill-payment-receipt' as const,
      name: 'Mei',
      billNumber: 'B2026100000001',
      amount: '$26.30',
      paidWith: RECEIPT_SOME_CARD,
      reference: '5A0C2D1E00',
      left: '$0.00',
      link: 'https://x.sg/bills',
    };
    const zh = billEmails.render(
      brand,
      { ...receipt, month: formatBillMonth('2026-10', 'zh'), date: formatSgDay('2026-11-02', 'day', 'zh') },
      'zh',
    );
    expect(zh.subject).toBe('您2026年10月账单的收据：$26.30');
    expect(zh.text).toContain(
      '2026年10月的账单 B2026100000001：已于2026年11月2日用 您的银行卡 支付 $26.30。',
    );
    expect(zh.text).toContain('您的账单已全部付清。');
    const ms = billEmails.render(
      brand,
      { ...receipt, paidWith: 'PayNow', left: '$4.00', month: 'Oktober 2026', date: '2 November 2026' },
      'ms',
    );
    expect(ms.subject).toBe('Resit untuk bil Oktober 2026 anda: $26.30');
    expect(ms.text).toContain(
      'Bil B2026100000001 untuk Oktober 2026: $26.30 dibayar dengan PayNow pada 2 November 2026.',
    );
    expect(ms.text).toContain('Baki yang perlu dibayar bagi bil ini: $4.00.');
    expect(ms.text).toContain('Lihat bil anda: https://x.sg/bills');

    const revised = billEmails.render(
      brand,
      {
        template: 'bill-revised',
        name: 'Mei',
        billNumber: 'B2026100000001',
        month: formatBillMonth('2026-10', 'ta'),
        waived: 'SIM replacement',
        amount: '$10.00',
        wasTotal: '$36.30',
        total: '$26.30',
        left: '$26.30',
        date: formatSgDay('2026-11-02', 'day', 'ta'),
        link: 'https://x.sg/bills?bill=b-1',
      },
      'ta',
    );
    expect(revised.subject).toBe(`உங்கள் ${formatBillMonth('2026-10', 'ta')} பில் இப்போது $26.30`);
    expect(revised.text).toContain(
      'இந்த பில் முன்பு $36.30, இப்போது $26.30. இதில் இன்னும் செலுத்த வேண்டியது: $26.30.',
    );
    expect(revised.text).toContain('SIM replacement ($10.00)');

    const credit = billEmails.render(
      brand,
      {
        template: 'credit-given',
        name: 'Mei',
        amount: '$5.50',
        for: 'SIM replacement',
        date: formatSgDay('2026-11-02', 'day', 'zh'),
        link: 'https://x.sg/bills',
      },
      'zh',
    );
    expect(credit.subject).toBe('$5.50 的抵免额将从您的下一期账单中扣除');
    expect(credit.text).toContain('我们已于2026年11月2日就 SIM replacement 给予您 $5.50 的抵免额。');
    expect(credit.text).toMatch(/\n查看账单[:：] ?https:\/\/x\.sg\/bills\n/);
  });
});

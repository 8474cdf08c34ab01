import { smsSegments } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { billEmails, deductionFailedText } from './bill-emails.ts';

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

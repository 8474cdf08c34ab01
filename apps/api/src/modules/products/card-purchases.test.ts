import { describe, expect, it } from 'vitest';
import { cardPurchasesOf } from './card-purchases.ts';

const row = (over: Partial<Parameters<typeof cardPurchasesOf>[0][number]> = {}) => ({
  id: 'p-1',
  name: 'Malaysia 3GB, 3 days',
  msisdn: '81234567',
  priceCents: 500,
  paymentState: 'paid' as const,
  card: 'VISA •••• 4242',
  paidAt: new Date('2026-11-28T05:00:00Z') as Date | null,
  createdAt: new Date('2026-11-28T04:59:00Z'),
  refundedAt: null,
  ...over,
});

describe('card purchases on /bills', () => {
  it('lists a paid purchase once, and a refunded one with its refund, newest first', () => {
    const list = cardPurchasesOf([
      row({ id: 'old', paidAt: new Date('2026-11-01T05:00:00Z') }),
      row({ paymentState: 'refunded', refundedAt: new Date('2026-11-28T06:00:00Z') }),
    ]);
    expect(list.map((p) => [p.id, p.kind, p.description, p.amountCents, p.status, p.at])).toEqual([
      ['p-1:refund', 'refund', 'Malaysia 3GB, 3 days (refund)', -500, 'refunded', '2026-11-28T06:00:00.000Z'],
      ['p-1', 'purchase', 'Malaysia 3GB, 3 days', 500, 'refunded', '2026-11-28T05:00:00.000Z'],
      ['old', 'purchase', 'Malaysia 3GB, 3 days', 500, 'paid', '2026-11-01T05:00:00.000Z'],
    ]);
  });

  it('lists a declined purchase and one still charging at the time they were asked for, for staff', () => {
    const list = cardPurchasesOf([
      row({ id: 'no', paymentState: 'declined', paidAt: null, card: null }),
      row({
        id: 'wait',
        paymentState: 'charging',
        paidAt: null,
        createdAt: new Date('2026-11-29T01:00:00Z'),
      }),
    ]);
    expect(list.map((p) => [p.id, p.status, p.at])).toEqual([
      ['wait', 'charging', '2026-11-29T01:00:00.000Z'],
      ['no', 'declined', '2026-11-28T04:59:00.000Z'],
    ]);
  });
});

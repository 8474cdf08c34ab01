import { describe, expect, it } from 'vitest';
import { type GatewayCharge, paymentVerdict } from './payment-verdict.ts';

const attempt = { id: '6f1c1d7e-2b51-4c43-9a53-0d6f4a1b2c3d', amountCents: 3200 };
const charge = (over: Partial<GatewayCharge> = {}): GatewayCharge => ({
  id: 'ch_1',
  status: 'succeeded',
  failureCode: null,
  amount: 3200,
  currency: 'SGD',
  metadata: { attemptId: attempt.id },
  ...over,
});

describe('paymentVerdict', () => {
  it('is paid by a succeeded charge for the attempt with its amount and currency', () => {
    expect(paymentVerdict(attempt, [charge()])).toEqual({
      status: 'succeeded',
      chargeId: 'ch_1',
      failureCode: null,
    });
  });

  it('believes no charge of another amount, currency or attempt', () => {
    expect(paymentVerdict(attempt, [charge({ amount: 100 })])).toBeNull();
    expect(paymentVerdict(attempt, [charge({ currency: 'USD' })])).toBeNull();
    expect(paymentVerdict(attempt, [charge({ metadata: { attemptId: 'another' } })])).toBeNull();
    expect(paymentVerdict(attempt, [])).toBeNull();
  });

  it('is failed by a failed charge, unless another charge for it succeeded', () => {
    const failed = charge({ id: 'ch_f', status: 'failed', failureCode: 'insufficient_funds' });
    expect(paymentVerdict(attempt, [failed])).toEqual({
      status: 'failed',
      chargeId: 'ch_f',
      failureCode: 'insufficient_funds',
    });
    expect(paymentVerdict(attempt, [failed, charge()])?.status).toBe('succeeded');
  });
});

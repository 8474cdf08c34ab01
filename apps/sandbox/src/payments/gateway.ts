import { randomBytes } from 'node:crypto';

/** Test cards: every other Luhn-valid number is approved. */
export const TEST_CARDS = {
  approved: '4242424242424242',
  approvedMastercard: '5555555555554444',
  incorrectCvc: '4000000000000127',
  insufficientFunds: '4000000000009995',
} as const;

const FAILURES: Record<string, string> = {
  [TEST_CARDS.incorrectCvc]: 'incorrect_cvc',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
};

export interface PaymentMethod {
  id: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'unknown';
  funding: 'credit' | 'debit';
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  /** Kept only inside the gateway: what a charge would fail with. */
  failure: string | null;
}

export interface SetupSession {
  id: string;
  customerRef: string;
  returnUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  paymentMethodId: string | null;
  createdAt: number;
}

export interface Charge {
  id: string;
  amount: number;
  currency: string;
  paymentMethodId: string;
  status: 'succeeded' | 'failed';
  failureCode: string | null;
  metadata: Record<string, string>;
  created: number;
  idempotencyKey: string;
  requestHash: string;
  /** Its place in the merchant's list of charges, in the order made: the cursor to read on from. */
  seq: number;
}

export interface Refund {
  id: string;
  chargeId: string;
  amount: number;
  status: 'succeeded';
  created: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const brandOf = (n: string): PaymentMethod['brand'] =>
  n.startsWith('4')
    ? 'visa'
    : /^5[1-5]|^2[2-7]/.test(n)
      ? 'mastercard'
      : /^3[47]/.test(n)
        ? 'amex'
        : 'unknown';

export class CardError extends Error {
  constructor(
    readonly field: 'number' | 'expiry' | 'cvc' | 'name',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The card gateway's records. Card numbers stay here: the merchant only ever sees a payment method
 * id with brand, funding, last 4 digits, expiry and holder name.
 */
export class Gateway {
  private readonly sessions = new Map<string, SetupSession>();
  private readonly methods = new Map<string, PaymentMethod>();
  private readonly charges = new Map<string, Charge>();
  private readonly byKey = new Map<string, Charge>();
  private readonly refundsByKey = new Map<string, Refund>();
  /** Every charge in the order made (seq 1, 2, …), for the merchant to read by cursor. */
  private readonly ledger: Charge[] = [];

  createSession(customerRef: string, returnUrl: string, cancelUrl: string): SetupSession {
    const session: SetupSession = {
      id: id('seti'),
      customerRef,
      returnUrl,
      cancelUrl,
      status: 'open',
      paymentMethodId: null,
      createdAt: Date.now(),
    };
    this.sessions.set(session.id, session);
    return session;
  }

  session(sessionId: string): SetupSession | undefined {
    const s = this.sessions.get(sessionId);
    if (s?.status === 'open' && Date.now() - s.createdAt > 60 * 60 * 1000) s.status = 'expired';
    return s;
  }

  /** The hosted form's submit: checks the card as a real acquirer's form would, then keeps it. */
  completeSession(
    sessionId: string,
    card: { number: string; expiry: string; cvc: string; name: string },
    now = new Date(),
  ): SetupSession {
    const session = this.session(sessionId);
    if (session?.status !== 'open') throw new CardError('number', 'This payment page has expired.');
    const number = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(number)) throw new CardError('number', 'The card number is not valid.');
    const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
    const month = m ? Number(m[1]) : 0;
    const year = m ? 2000 + Number(m[2]) : 0;
    const expired =
      year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
    if (!m || month < 1 || month > 12 || expired)
      throw new CardError('expiry', 'The expiry date is not valid.');
    if (!/^\d{3,4}$/.test(card.cvc.trim())) throw new CardError('cvc', 'The security code is not valid.');
    if (!card.name.trim()) throw new CardError('name', 'The name on the card is required.');
    const method: PaymentMethod = {
      id: id('pm'),
      brand: brandOf(number),
      funding: number.endsWith('4444') ? 'debit' : 'credit',
      last4: number.slice(-4),
      expMonth: month,
      expYear: year,
      holderName: card.name.trim().slice(0, 100),
      failure: FAILURES[number] ?? null,
    };
    this.methods.set(method.id, method);
    session.status = 'complete';
    session.paymentMethodId = method.id;
    return session;
  }

  /**
   * A $0 verification of a saved card with its issuer, as gateways do before a card is kept for
   * later charges (account verification): wrong details fail it; a card without funds passes, since
   * nothing is taken.
   */
  verify(methodId: string): { status: 'succeeded' | 'failed'; failureCode: string | null } | undefined {
    const method = this.method(methodId);
    if (!method) return undefined;
    const failureCode = method.failure === 'incorrect_cvc' ? method.failure : null;
    return { status: failureCode ? 'failed' : 'succeeded', failureCode };
  }

  method(methodId: string): PaymentMethod | undefined {
    return this.methods.get(methodId) ?? this.demoMethod(methodId);
  }

  /**
   * The demo data's saved cards (`demo-card-…`), which no card page made: test tokens that always
   * stand for an approved Visa ending 4242, as gateways' test modes offer, so the demo customers can
   * pay their bills by saved card.
   */
  private demoMethod(methodId: string): PaymentMethod | undefined {
    if (!/^demo-card-[0-9a-f-]{36}$/.test(methodId)) return undefined;
    const method: PaymentMethod = {
      id: methodId,
      brand: 'visa',
      funding: 'credit',
      last4: '4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      holderName: 'Demo Customer',
      failure: null,
    };
    this.methods.set(methodId, method);
    return method;
  }

  /**
   * One charge per idempotency key: a repeat with the same key and body returns the first charge;
   * the same key with a different body is refused. Runs without awaiting, so concurrent calls
   * cannot both charge.
   */
  charge(
    input: { amount: number; currency: string; paymentMethodId: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ) {
    const requestHash = JSON.stringify([input.amount, input.currency, input.paymentMethodId]);
    const previous = this.byKey.get(idempotencyKey);
    if (previous)
      return previous.requestHash === requestHash
        ? { charge: previous, replayed: true }
        : { conflict: true as const };
    const method = this.methods.get(input.paymentMethodId) ?? this.demoMethod(input.paymentMethodId);
    if (!method) return { missing: true as const };
    const charge: Charge = {
      id: id('ch'),
      amount: input.amount,
      currency: input.currency,
      paymentMethodId: method.id,
      status: method.failure ? 'failed' : 'succeeded',
      failureCode: method.failure,
      metadata: input.metadata,
      created: Math.floor(Date.now() / 1000),
      idempotencyKey,
      requestHash,
      seq: this.ledger.length + 1,
    };
    this.ledger.push(charge);
    this.charges.set(charge.id, charge);
    this.byKey.set(idempotencyKey, charge);
    return { charge, replayed: false };
  }

  /**
   * Gives money back on a succeeded charge, once per idempotency key; all refunds of a charge
   * together never exceed it.
   */
  refund(chargeId: string, amount: number, idempotencyKey: string) {
    const previous = this.refundsByKey.get(idempotencyKey);
    if (previous)
      return previous.chargeId === chargeId && previous.amount === amount
        ? { refund: previous, replayed: true }
        : { conflict: true as const };
    const charge = this.charges.get(chargeId);
    if (charge?.status !== 'succeeded') return { missing: true as const };
    const already = [...this.refundsByKey.values()]
      .filter((r) => r.chargeId === chargeId)
      .reduce((sum, r) => sum + r.amount, 0);
    if (already + amount > charge.amount) return { exceeds: true as const };
    const refund: Refund = {
      id: id('re'),
      chargeId,
      amount,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    this.refundsByKey.set(idempotencyKey, refund);
    return { refund, replayed: false };
  }

  /** Charges made after `after`, oldest first, at most `limit`. */
  chargesAfter(after: number, limit: number): { charges: Charge[]; hasMore: boolean } {
    const start = Math.max(0, Math.min(after, this.ledger.length));
    return { charges: this.ledger.slice(start, start + limit), hasMore: start + limit < this.ledger.length };
  }

  /** What has been given back of a charge so far. */
  refundedOf(chargeId: string): number {
    return this.refundsOf(chargeId).reduce((sum, r) => sum + r.amount, 0);
  }

  refundsOf(chargeId: string): Refund[] {
    return [...this.refundsByKey.values()].filter((r) => r.chargeId === chargeId);
  }

  chargesFor(metadataKey: string, value: string): Charge[] {
    return [...this.charges.values()].filter((c) => c.metadata[metadataKey] === value);
  }

  getCharge(chargeId: string): Charge | undefined {
    return this.charges.get(chargeId);
  }
}

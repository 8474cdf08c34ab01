import type { GatewayCharge } from '@selfcare/domain/order';
import { fetchOutside } from '../metrics.ts';

/** The gateway could not be reached or failed: nothing is known to have happened. */
export class PaymentsUnavailableError extends Error {}

export interface GatewayPaymentMethod {
  id: string;
  brand: string;
  funding: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

interface ChargeBody {
  id: string;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}
export const chargeFromGateway = (c: ChargeBody): GatewayCharge => ({
  id: c.id,
  status: c.status,
  failureCode: c.failure_code,
  amount: c.amount,
  currency: c.currency,
  metadata: c.metadata ?? {},
});

/** A page of the merchant's charges, in the order made. */
export interface ChargePage {
  charges: (GatewayCharge & { createdAt: Date; amountRefunded: number })[];
  hasMore: boolean;
}

/**
 * The card gateway: a hosted card page (so card numbers never reach us), charges that carry our
 * payment attempt's id as the idempotency key, and signed webhooks.
 */
export class PaymentsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 10_000,
  ) {}

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await this.send(method, path, body, headers);
    if (!res.ok) throw new PaymentsUnavailableError(`gateway answered ${res.status}`);
    return (await res.json()) as T;
  }

  private async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    let res: Response;
    try {
      res = await fetchOutside('gateway', `${this.baseUrl}/payments/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new PaymentsUnavailableError(`gateway unreachable: ${(err as Error).message}`);
    }
    return res;
  }

  async createSession(customerRef: string, returnUrl: string, cancelUrl: string) {
    return this.call<{ id: string; url: string }>('POST', '/setup-sessions', {
      customerRef,
      returnUrl,
      cancelUrl,
    });
  }

  /** A card page's session; null when the gateway has none by that id (it is no outage). */
  async session(
    id: string,
  ): Promise<{ status: string; customerRef: string; paymentMethod: GatewayPaymentMethod | null } | null> {
    const res = await this.send('GET', `/setup-sessions/${encodeURIComponent(id)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new PaymentsUnavailableError(`gateway answered ${res.status}`);
    const s = (await res.json()) as {
      status: string;
      customerRef: string;
      payment_method: {
        id: string;
        brand: string;
        funding: string;
        last4: string;
        exp_month: number;
        exp_year: number;
        holder_name: string;
      } | null;
    };
    const m = s.payment_method;
    return {
      status: s.status,
      customerRef: s.customerRef,
      paymentMethod: m
        ? {
            id: m.id,
            brand: m.brand,
            funding: m.funding,
            last4: m.last4,
            expMonth: m.exp_month,
            expYear: m.exp_year,
            holderName: m.holder_name,
          }
        : null,
    };
  }

  /**
   * The gateway's $0 verification of a saved card with its issuer: null when the card passed, else
   * the decline's code (wrong details). Nothing is charged.
   */
  async verify(paymentMethodId: string): Promise<string | null> {
    const res = await this.call<{ status: string; failure_code: string | null }>(
      'POST',
      `/payment-methods/${encodeURIComponent(paymentMethodId)}/verify`,
      {},
    );
    return res.status === 'succeeded' ? null : (res.failure_code ?? 'card_declined');
  }

  /** Refunds a charge; the same idempotency key again returns the first refund, never a second one. */
  async refund(chargeId: string, amountCents: number, idempotencyKey: string) {
    return this.call<{ id: string; status: string; amount: number }>(
      'POST',
      '/refunds',
      { charge: chargeId, amount: amountCents },
      { 'idempotency-key': idempotencyKey },
    );
  }

  /**
   * The charges the gateway holds for one of our payment attempts (its id is in their metadata):
   * the gateway's own word, where a webhook is only a hint to ask.
   */
  async chargesForAttempt(attemptId: string): Promise<GatewayCharge[]> {
    const list = await this.call<ChargeBody[]>(
      'GET',
      `/charges?key=attemptId&value=${encodeURIComponent(attemptId)}`,
    );
    return list.map(chargeFromGateway);
  }

  /**
   * The merchant's charges made after the charge `after` (null: from the first), in the order made,
   * each with what was refunded of it.
   */
  async chargesAfter(after: string | null, limit: number): Promise<ChargePage> {
    const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
    const page = await this.call<{
      data: (ChargeBody & { created: number; amount_refunded: number })[];
      has_more: boolean;
    }>('GET', `/charge-list?${query}`);
    return {
      charges: page.data.map((c) => ({
        ...chargeFromGateway(c),
        createdAt: new Date(c.created * 1000),
        amountRefunded: c.amount_refunded,
      })),
      hasMore: page.has_more,
    };
  }

  async charge(
    input: { amountCents: number; token: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ) {
    const c = await this.call<ChargeBody>(
      'POST',
      '/charges',
      { amount: input.amountCents, currency: 'SGD', payment_method: input.token, metadata: input.metadata },
      { 'idempotency-key': idempotencyKey },
    );
    return chargeFromGateway(c);
  }
}

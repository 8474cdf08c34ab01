import { createHmac, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { inject } from './inject.ts';

const gatewayHeaders = { authorization: 'Bearer sandbox-payments-key' };
const WEBHOOK_SECRET = 'sandbox-webhook-secret';
const sandbox = () => inject('sandboxUrl');

/**
 * The card gateway as a test reaches it: its record of an attempt's charges and refunds, a charge
 * made there directly, and its signed events delivered to our webhook.
 */
export function gateway(testApp: () => TestApp) {
  const query = async <T>(sql: string, params: unknown[] = []) =>
    (await testApp().ctx.database.pool.query(sql, params)).rows as T[];

  /** The gateway's charges for an attempt (by the attempt id in their metadata). */
  async function chargesFor(attemptId: string) {
    const res = await fetch(`${sandbox()}/payments/api/v1/charges?key=attemptId&value=${attemptId}`, {
      headers: gatewayHeaders,
    });
    return (await res.json()) as { id: string; status: string; amount: number }[];
  }

  /** The gateway's refunds of a charge. */
  async function refundsOf(chargeId: string) {
    const res = await fetch(`${sandbox()}/payments/api/v1/charges/${chargeId}/refunds`, {
      headers: gatewayHeaders,
    });
    return (await res.json()) as { amount: number }[];
  }

  /**
   * Charges an attempt's card at the gateway directly, as our own call would have if it had raced
   * the attempt being given up: the money is taken with the attempt's id as key and metadata.
   */
  async function chargeAtGateway(attemptId: string) {
    const [row] = await query<{ gateway_session_id: string; amount_cents: number }>(
      'SELECT gateway_session_id, amount_cents FROM payment_attempts WHERE id = $1',
      [attemptId],
    );
    const session = (await (
      await fetch(`${sandbox()}/payments/api/v1/setup-sessions/${row?.gateway_session_id}`, {
        headers: gatewayHeaders,
      })
    ).json()) as { payment_method: { id: string } };
    const res = await fetch(`${sandbox()}/payments/api/v1/charges`, {
      method: 'POST',
      headers: { ...gatewayHeaders, 'content-type': 'application/json', 'idempotency-key': attemptId },
      body: JSON.stringify({
        amount: row?.amount_cents,
        currency: 'SGD',
        payment_method: session.payment_method.id,
        metadata: { attemptId },
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Record<string, unknown>;
  }

  function signed(raw: string, at = Math.floor(Date.now() / 1000)) {
    return `t=${at},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${at}.${raw}`).digest('hex')}`;
  }

  /** Delivers a raw body to our webhook, signed as the gateway signs it. */
  const deliverRaw = (raw: string) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments',
      payload: raw,
      headers: { 'content-type': 'application/json', 'selfcare-signature': signed(raw) },
    });
  const deliver = (event: object) => deliverRaw(JSON.stringify(event));
  /** The gateway's event for a charge, with its own id unless one is given (a redelivery keeps it). */
  const chargeEvent = (charge: Record<string, unknown>, id = `evt_${randomUUID()}`) => ({
    id,
    type: `charge.${charge.status}`,
    data: { object: charge },
  });

  return { chargesFor, refundsOf, chargeAtGateway, deliver, deliverRaw, chargeEvent };
}

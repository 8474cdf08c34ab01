/**
 * Bills tests' fixture: a customer with a card on file and a bill the bill run made, against the
 * shared sandbox's card gateway.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { BillList } from '@selfcare/domain/contracts/bills';
import { body, signedInCustomer, type TestApp } from './harness.ts';
import { inject } from './inject.ts';
import { payOnGatewayPage } from './order-journey.ts';

export const GATEWAY = { authorization: 'Bearer sandbox-payments-key' };
const sandbox = () => inject('sandboxUrl');
export type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/** A gateway token made on the hosted card page from `number`, as the order wizard saves cards. */
export async function tokenFor(number: string) {
  const session = (await (
    await fetch(`${sandbox()}/payments/api/v1/setup-sessions`, {
      method: 'POST',
      headers: { ...GATEWAY, 'content-type': 'application/json' },
      body: JSON.stringify({
        customerRef: 'bills',
        returnUrl: 'http://x.test/r',
        cancelUrl: 'http://x.test/c',
      }),
    })
  ).json()) as { id: string; url: string };
  await payOnGatewayPage(session.url, number);
  const done = (await (
    await fetch(`${sandbox()}/payments/api/v1/setup-sessions/${session.id}`, { headers: GATEWAY })
  ).json()) as { payment_method: { id: string } };
  return done.payment_method.id;
}

let months = 0;
/**
 * A month in the past (2020 to 2025) that no other bill of this test file uses, 'YYYY-MM'. The API
 * files share one process, so the count goes on from file to file and wraps round after six years.
 */
export function pastMonth() {
  const i = months++ % 72;
  return `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/**
 * A customer with a card on file (`token`: an approved test card unless given; null for none) and
 * one bill of `cents` for `month`, made by the bill run.
 */
export async function customerWithBill(
  t: TestApp,
  cents: number,
  opts: { token?: string | null; month?: string; more?: Array<{ reason: string; cents: number }> } = {},
) {
  const c = await signedInCustomer(t, { status: 2, activated: true });
  const month = opts.month ?? pastMonth();
  const token = opts.token === undefined ? `demo-card-${randomUUID()}` : opts.token;
  await t.ctx.database.transaction(async (tx) => {
    if (token)
      await tx.client.query(
        `INSERT INTO payment_methods (user_id, gateway_token, brand, funding, last4, exp_month, exp_year, holder_name, created_at)
         VALUES ($1, $2, 'visa', 'credit', '4242', 12, 2030, 'Test Customer', now())`,
        [c.id, token],
      );
    await tx.client.query(
      `INSERT INTO charges (user_id, kind, amount_cents, reason, created_at) VALUES ($1, 'sim-replacement', $2, 'SIM replacement', $3)`,
      [c.id, cents, new Date(`${month}-10T12:00:00+08:00`)],
    );
    for (const more of opts.more ?? [])
      await tx.client.query(
        `INSERT INTO charges (user_id, kind, amount_cents, reason, created_at) VALUES ($1, 'overdue-fee', $2, $3, $4)`,
        [c.id, more.cents, more.reason, new Date(`${month}-11T12:00:00+08:00`)],
      );
  });
  await t.ctx.billRun.run(month, Number.POSITIVE_INFINITY, [c.id]);
  const list = body<BillList>(
    await t.app.inject({ method: 'GET', url: '/api/v1/bills', headers: c.headers }),
  ).data;
  const bill = list.bills.find((b) => b.month === month);
  if (!bill) throw new Error('no bill');
  return { c, bill };
}

/** The gateway's charges for one of our payments. */
export const chargesAt = async (paymentId: string) =>
  (await (
    await fetch(`${sandbox()}/payments/api/v1/charges?key=attemptId&value=${paymentId}`, { headers: GATEWAY })
  ).json()) as { id: string; status: string; amount: number }[];

/** A payer's banking app pays a PayNow QR, or a UEN, reference and amount keyed in by hand. */
export async function payByPayNow(
  payee: { qr: string } | { uen: string; reference: string; amountCents: number },
): Promise<{ id: string }> {
  const res = await fetch(`${sandbox()}/sandbox/api/bank/paynow/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payee),
  });
  if (res.status !== 201) throw new Error(`the bank refused the transfer: ${res.status}`);
  return (await res.json()) as { id: string };
}

/** The bank credits every transfer on its way now (it posts its events only where it has a URL). */
export const settleBank = () => fetch(`${sandbox()}/sandbox/api/bank/settle`, { method: 'POST' });

/** The bank's signed event naming a credit, as its webhook posts it to the API; `secret` to forge one. */
export function deliverBankEvent(t: TestApp, creditId: string, secret = 'sandbox-bank-webhook-secret') {
  const raw = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: 'paynow.credit',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: creditId } },
  });
  const ts = Math.floor(Date.now() / 1000);
  const sig = createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/bank',
    headers: { 'content-type': 'application/json', 'selfcare-signature': `t=${ts},v1=${sig}` },
    payload: raw,
  });
}

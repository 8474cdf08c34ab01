import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../index.ts';
import { luhnValid, TEST_CARDS } from './gateway.ts';

const KEY = 'test-payments-key';
const SECRET = 'test-webhook-secret';
let sandbox: Sandbox;
let hooks: Server;
const received: { body: string; signature: string }[] = [];

beforeAll(async () => {
  hooks = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['selfcare-signature']) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  sandbox = await startSandbox({
    httpPort: 0,
    smtpPort: 0,
    paymentsApiKey: KEY,
    paymentsWebhookSecret: SECRET,
    paymentsWebhookUrl: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`,
  });
});
afterAll(async () => {
  await sandbox.stop();
  hooks.close();
});

const api = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}/payments/api/v1${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });

async function cardOnFile(number: string) {
  const session = (await (
    await api('/setup-sessions', {
      customerRef: 'c1',
      returnUrl: 'http://shop.test/back?x=1',
      cancelUrl: 'http://shop.test/cancel',
    })
  ).json()) as { id: string; url: string };
  const submit = await fetch(session.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Tan Mei Ling', number, expiry: '12/30', cvc: '123' }).toString(),
  });
  return { session, submit };
}

describe('hosted card page', () => {
  it('turns a card into a payment method the merchant sees only as brand, last 4 and expiry', async () => {
    const open = (await (
      await api('/setup-sessions', {
        customerRef: 'c1',
        returnUrl: 'http://shop.test/back',
        cancelUrl: 'http://shop.test/cancel',
      })
    ).json()) as { url: string };
    const page = await (await fetch(open.url)).text();
    expect(page).toContain('<label for="number">Card number</label>');
    const { session, submit } = await cardOnFile(TEST_CARDS.approved);
    expect(submit.status).toBe(303);
    expect(submit.headers.get('location')).toBe(`http://shop.test/back?x=1&session_id=${session.id}`);
    const seen = await (await api(`/setup-sessions/${session.id}`)).text();
    expect(seen).not.toContain(TEST_CARDS.approved);
    expect(JSON.parse(seen)).toMatchObject({
      status: 'complete',
      payment_method: {
        brand: 'visa',
        funding: 'credit',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        holder_name: 'Tan Mei Ling',
      },
    });
  });

  it('says what is wrong with a mistyped card and keeps the page open', async () => {
    const { submit } = await cardOnFile('4242424242424241');
    expect(submit.status).toBe(422);
    expect(await submit.text()).toContain('The card number is not valid.');
    expect(luhnValid(TEST_CARDS.insufficientFunds)).toBe(true);
  });
});

describe('charges', () => {
  async function method(number: string) {
    const { session } = await cardOnFile(number);
    return ((await (await api(`/setup-sessions/${session.id}`)).json()) as { payment_method: { id: string } })
      .payment_method.id;
  }

  it('charges once per idempotency key, however many times and however concurrently it is asked', async () => {
    const pm = await method(TEST_CARDS.approved);
    const key = `attempt-${Date.now()}`;
    const body = { amount: 5050, currency: 'SGD', payment_method: pm, metadata: { attemptId: key } };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api('/charges', body, { 'idempotency-key': key })),
    );
    const charges = await Promise.all(
      answers.map((r) => r.json() as Promise<{ id: string; status: string }>),
    );
    expect(new Set(charges.map((c) => c.id)).size).toBe(1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(charges[0]?.status).toBe('succeeded');
    const listed = (await (await api(`/charges?key=attemptId&value=${key}`)).json()) as unknown[];
    expect(listed).toHaveLength(1);
    const changed = await api('/charges', { ...body, amount: 1 }, { 'idempotency-key': key });
    expect(changed.status).toBe(409);
  });

  it('fails a card without funds or with wrong details, and says why', async () => {
    for (const [card, code] of [
      [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
      [TEST_CARDS.incorrectCvc, 'incorrect_cvc'],
    ] as const) {
      const res = await api(
        '/charges',
        { amount: 100, currency: 'SGD', payment_method: await method(card) },
        { 'idempotency-key': `k-${card}-${Date.now()}` },
      );
      expect(await res.json()).toMatchObject({ status: 'failed', failure_code: code });
    }
  });

  it("charges the demo data's saved cards as an approved test Visa, and no other unknown token", async () => {
    const demo = `demo-card-${crypto.randomUUID()}`;
    const charged = await api(
      '/charges',
      { amount: 1234, currency: 'SGD', payment_method: demo, metadata: {} },
      { 'idempotency-key': `demo-${demo}` },
    );
    expect(await charged.json()).toMatchObject({ status: 'succeeded', amount: 1234 });
    const unknown = await api(
      '/charges',
      { amount: 1234, currency: 'SGD', payment_method: 'pm_made_up', metadata: {} },
      { 'idempotency-key': `demo-made-up-${Date.now()}` },
    );
    expect(unknown.status).toBe(404);
  });

  it('posts a signed event for each new charge', async () => {
    const pm = await method(TEST_CARDS.approved);
    const key = `hook-${Date.now()}`;
    const charge = (await (
      await api('/charges', { amount: 700, currency: 'SGD', payment_method: pm }, { 'idempotency-key': key })
    ).json()) as { id: string };
    const deadline = Date.now() + 3000;
    let hit: { body: string; signature: string } | undefined;
    while (!hit && Date.now() < deadline) {
      hit = received.find((r) => r.body.includes(charge.id));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(hit).toBeDefined();
    const event = JSON.parse(hit?.body ?? '{}') as { type: string };
    expect(event.type).toBe('charge.succeeded');
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hit?.signature ?? '') ?? [];
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${hit?.body}`).digest('hex'));
  });

  it('refuses a caller without the key', async () => {
    expect(
      (
        await api(
          '/charges',
          { amount: 1, currency: 'SGD', payment_method: 'x' },
          { authorization: 'Bearer no', 'idempotency-key': 'kkkkkkkk' },
        )
      ).status,
    ).toBe(401);
  });
});

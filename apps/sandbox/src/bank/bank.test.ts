import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, isWorkingDay, nextWorkingDays, sgDate } from '@selfcare/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../index.ts';
import { addWorkingTime } from './bank.ts';
import { crc16 } from './sgqr.ts';

const KEY = 'test-bank-key';
const SECRET = 'test-bank-webhook-secret';
const UEN = '201912345K';
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
    bankApiKey: KEY,
    bankWebhookSecret: SECRET,
    bankWebhookUrl: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`,
  });
});
afterAll(async () => {
  await sandbox.stop();
  hooks.close();
});

/** CRC-16/CCITT-FALSE written out again here, so the bank's own is checked against it. */
function crc(text: string): string {
  let c = 0xffff;
  for (const b of Buffer.from(text)) {
    c ^= b << 8;
    for (let i = 0; i < 8; i++) c = (c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1) & 0xffff;
  }
  return c.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A dynamic PayNow QR to a UEN, as the operator's invoice would show it. */
function paynowQr(o: { reference: string; amount?: string | null; expiry?: string; scheme?: string }) {
  const account =
    tlv('00', o.scheme ?? 'SG.PAYNOW') +
    tlv('01', '2') +
    tlv('02', UEN) +
    tlv('03', '0') +
    (o.expiry ? tlv('04', o.expiry) : '');
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '702') +
    (o.amount === null ? '' : tlv('54', o.amount ?? '12.34')) +
    tlv('58', 'SG') +
    tlv('59', 'SELFCARE MOBILE PTE LTD') +
    tlv('60', 'Singapore') +
    tlv('62', tlv('01', o.reference)) +
    '6304';
  return body + crc(body);
}

/** A Singapore date `days` from the sandbox's today, as a QR's expiry field writes it. */
const expiryIn = (days: number) => addDays(sgDate(sandbox.clock.now()), days).replaceAll('-', '');

interface Transfer {
  id: string;
  status: string;
  createdAt: string;
  settleAt: string;
}

async function call<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown; key?: string | null } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = init.body ? { 'content-type': 'application/json' } : {};
  if (init.key !== null) headers.authorization = `Bearer ${init.key ?? KEY}`;
  const res = await fetch(`${sandbox.url}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers,
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}
const pay = (body: unknown) => call<Transfer>('/sandbox/api/bank/paynow/pay', { body, key: null });

interface CreditEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

async function eventFor(transferId: string, timeoutMs = 3000): Promise<CreditEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = received.find((r) => r.body.includes(transferId));
    if (hit) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hit.signature) ?? [];
      expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${hit.body}`).digest('hex'));
      return JSON.parse(hit.body) as CreditEvent;
    }
    if (Date.now() > deadline) throw new Error(`no credit event for ${transferId}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('PayNow QR', () => {
  it('checks the QR with CRC-16/CCITT-FALSE', () => {
    expect(crc16('123456789')).toBe('29B1');
    const qr = paynowQr({ reference: 'INV-1' });
    expect(crc16(qr.slice(0, -4))).toBe(qr.slice(-4));
  });

  it('pays exactly the amount of a PayNow QR, and credits it, with a signed event, when settled', async () => {
    const reference = `INV-${Date.now()}`;
    const paid = await pay({ qr: paynowQr({ reference, amount: '45.60', expiry: expiryIn(1) }) });
    expect(paid.status).toBe(201);
    const transfer = paid.body;
    expect(paid.body).toMatchObject({
      uen: UEN,
      reference,
      amountCents: 4560,
      currency: 'SGD',
      merchantName: 'SELFCARE MOBILE PTE LTD',
      status: 'pending',
      settledAt: null,
    });
    expect(transfer.id).toMatch(/^PN[0-9A-F]{16}$/);
    // Up to 2 working days: by the end of the second working day after the payment, on a working day.
    const today = sgDate(new Date(transfer.createdAt));
    const bound = Date.parse(`${addDays(nextWorkingDays(today, 2)[1] as string, 1)}T00:00:00+08:00`);
    expect(Date.parse(transfer.settleAt)).toBeLessThanOrEqual(bound);
    expect(isWorkingDay(sgDate(new Date(transfer.settleAt)))).toBe(true);

    expect((await call(`/bank/api/v1/credits?reference=${reference}`)).body).toEqual([]);
    expect((await call(`/bank/api/v1/credits/${transfer.id}`)).status).toBe(404);

    const settled = await call<Transfer[]>('/sandbox/api/bank/settle', { method: 'POST', key: null });
    expect(settled.body.map((t) => t.id)).toContain(transfer.id);
    const event = await eventFor(transfer.id);
    expect(event).toMatchObject({
      type: 'paynow.credit',
      data: { object: { id: transfer.id, uen: UEN, reference, amount: 4560, currency: 'SGD' } },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(Math.abs(event.created - Date.now() / 1000)).toBeLessThan(60);
    const credit = event.data.object;
    expect(Date.parse(String(credit.settled_at))).not.toBeNaN();

    expect((await call(`/bank/api/v1/credits?reference=${reference}`)).body).toEqual([credit]);
    expect((await call(`/bank/api/v1/credits/${transfer.id}`)).body).toEqual(credit);
  });

  it('refuses a QR whose checksum does not match', async () => {
    const qr = paynowQr({ reference: 'INV-CRC' }).replace('12.34', '92.34');
    const res = await pay({ qr });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: { code: 'qr_crc_mismatch' } });
  });

  it('refuses an expired QR, and pays one on its last day', async () => {
    const expired = await pay({ qr: paynowQr({ reference: 'INV-OLD', expiry: expiryIn(-1) }) });
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ error: { code: 'qr_expired' } });
    expect((await pay({ qr: paynowQr({ reference: 'INV-TODAY', expiry: expiryIn(0) }) })).status).toBe(201);
  });

  it('refuses a QR that is not PayNow, or has no amount, or is not a QR at all', async () => {
    for (const [qr, code] of [
      [paynowQr({ reference: 'INV-X', scheme: 'SG.COM.NETS' }), 'qr_not_paynow'],
      [paynowQr({ reference: 'INV-X', amount: null }), 'qr_amount_missing'],
      [paynowQr({ reference: 'INV-X', amount: '0.00' }), 'qr_amount_invalid'],
      ['hello', 'qr_malformed'],
    ] as const) {
      const res = await pay({ qr });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: { code } });
    }
  });

  it('pays a UEN, reference and amount keyed in by hand', async () => {
    const res = await pay({ uen: '53312345a', reference: 'INV-HAND', amountCents: 1999 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ uen: '53312345A', reference: 'INV-HAND', amountCents: 1999 });
    expect((await pay({ uen: UEN, amountCents: 1 })).status).toBe(400);
  });
});

describe('bank API', () => {
  it('answers only the holder of the key, and can be made to fail', async () => {
    expect((await call('/bank/api/v1/credits?reference=x', { key: null })).status).toBe(401);
    expect((await call('/bank/api/v1/credits?reference=x', { key: 'wrong' })).status).toBe(401);
    expect((await call('/bank/api/v1/credits?reference=x')).status).toBe(200);
    sandbox.faults.set('bank', 'down', 30);
    try {
      expect((await call('/bank/api/v1/credits?reference=x')).status).toBe(503);
    } finally {
      sandbox.faults.clear('bank');
    }
  });

  it('documents the bank in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${sandbox.url}/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/sandbox/api/bank/paynow/pay',
        '/sandbox/api/bank/transfers',
        '/sandbox/api/bank/settle',
        '/sandbox/api/bank/settings',
        '/bank/api/v1/credits',
        '/bank/api/v1/credits/{id}',
        '/bank/api/v1/credit-advices',
        '/bank/api/v1/credits/{id}/returns',
      ]),
    );
  });

  it('lists credits in statement order after a cursor, a page at a time, and only credits', async () => {
    const start = await call<{ cursor: string }>('/bank/api/v1/credit-advices?limit=1000');
    const from = start.body.cursor;
    await call('/sandbox/api/bank/settings', { method: 'PUT', body: { delaySeconds: 3600 }, key: null });
    try {
      const a = await pay({ uen: UEN, reference: 'FEED-A', amountCents: 100 });
      const b = await pay({ uen: UEN, reference: 'FEED-B', amountCents: 200 });
      const waiting = await call<{ data: unknown[]; cursor: string }>(
        `/bank/api/v1/credit-advices?after=${from}`,
      );
      // Not credited yet: not on the statement, and the cursor stays.
      expect(waiting.body).toMatchObject({ data: [], cursor: from, has_more: false });
      await call('/sandbox/api/bank/settle', { method: 'POST', key: null });
      // Earlier tests' transfers were settled with them: read every page, one credit a page.
      const read: string[] = [];
      let cursor = from;
      for (let more = true; more; ) {
        const page = await call<{ data: { id: string }[]; cursor: string; has_more: boolean }>(
          `/bank/api/v1/credit-advices?after=${cursor}&limit=1`,
        );
        expect(page.body.data).toHaveLength(1);
        read.push(...page.body.data.map((c) => c.id));
        ({ cursor, has_more: more } = page.body);
      }
      expect(read.filter((id) => id === a.body.id || id === b.body.id)).toEqual([a.body.id, b.body.id]);
      expect(new Set(read).size).toBe(read.length);
      expect((await call('/bank/api/v1/credit-advices?after=abc')).status).toBe(400);
    } finally {
      await call('/sandbox/api/bank/settings', { method: 'PUT', body: { delaySeconds: null }, key: null });
    }
  });

  it('returns a credit to its payer once: the same key answers the same return, another is refused', async () => {
    await call('/sandbox/api/bank/settings', { method: 'PUT', body: { delaySeconds: 0 }, key: null });
    try {
      const t = await pay({ uen: UEN, reference: 'RETURN-ME', amountCents: 4200 });
      const back = (key: string) =>
        fetch(`${sandbox.url}/bank/api/v1/credits/${t.body.id}/returns`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': key },
        });
      const first = await back('r-1');
      expect(first.status).toBe(201);
      expect(await first.json()).toMatchObject({ credit: t.body.id, amount: 4200, currency: 'SGD' });
      expect((await back('r-1')).status).toBe(201);
      expect((await back('r-2')).status).toBe(409);
      const unknown = await fetch(`${sandbox.url}/bank/api/v1/credits/PN0/returns`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': 'r-3' },
      });
      expect(unknown.status).toBe(404);
    } finally {
      await call('/sandbox/api/bank/settings', { method: 'PUT', body: { delaySeconds: null }, key: null });
    }
  });
});

describe('settlement', () => {
  it('skips weekends and public holidays when counting working time', () => {
    const sg = (local: string) => new Date(`${local}+08:00`);
    // Friday 20:00 plus 10 working hours: 4 on Friday, 6 on Monday.
    expect(addWorkingTime(sg('2025-03-07T20:00:00'), 10 * 3600_000)).toEqual(sg('2025-03-10T06:00:00'));
    // Thursday before Good Friday: Friday to Sunday are not counted.
    expect(addWorkingTime(sg('2025-04-17T20:00:00'), 10 * 3600_000)).toEqual(sg('2025-04-21T06:00:00'));
  });

  it('credits at once when the delay is set to 0', async () => {
    expect((await call('/sandbox/api/bank/settings', { key: null })).body).toEqual({ delaySeconds: null });
    const set = await call('/sandbox/api/bank/settings', {
      method: 'PUT',
      body: { delaySeconds: 0 },
      key: null,
    });
    expect(set.body).toEqual({ delaySeconds: 0 });
    try {
      const paid = await pay({ qr: paynowQr({ reference: 'INV-NOW' }) });
      expect(paid.body).toMatchObject({ status: 'settled' });
      const id = paid.body.id;
      expect((await eventFor(id)).data.object).toMatchObject({ id, amount: 1234 });
    } finally {
      await call('/sandbox/api/bank/settings', { method: 'PUT', body: { delaySeconds: null }, key: null });
    }
  });

  it('keeps the transfers across a restart when given a data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bank-'));
    try {
      const one = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: dir });
      const t = one.bank.pay(
        { uen: UEN, reference: 'INV-KEPT', amountCents: 500, merchantName: null },
        new Date(),
      );
      await one.stop();
      const two = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: dir });
      expect(two.bank.all().map((x) => x.id)).toEqual([t.id]);
      await two.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Last: the sandbox clock only moves forward.
  it('credits a transfer by itself once the sandbox clock passes 3 working days', async () => {
    const paid = await pay({ qr: paynowQr({ reference: 'INV-LATER', amount: '8.00' }) });
    const transfer = paid.body;
    expect(transfer.status).toBe('pending');
    const later = nextWorkingDays(sgDate(sandbox.clock.now()), 3)[2] as string;
    await call('/sandbox/api/clock', { body: { at: `${later}T00:00:00+08:00` }, key: null });
    // No request to the bank: its own run settles the transfer within a second or so.
    const event = await eventFor(transfer.id, 4000);
    expect(event.data.object).toMatchObject({ amount: 800, settled_at: transfer.settleAt });
    const listed = (await call<Transfer[]>('/sandbox/api/bank/transfers', { key: null })).body;
    expect(listed.find((t) => t.id === transfer.id)).toMatchObject({ status: 'settled' });
  });
});

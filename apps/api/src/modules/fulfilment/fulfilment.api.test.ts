import { randomInt } from 'node:crypto';
import { CustomerStatus, formatSgMobile } from '@selfcare/domain';
import { FulfilmentMessages as M, withLuhnDigit } from '@selfcare/domain/fulfilment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, multipart, type TestApp, waitForMessage } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { orderJourney } from '../../test/order-journey.ts';
import { signedInStaff } from '../../test/staff.ts';

let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let agent: Staff;
let supervisor: Staff;
let admin: Staff;
beforeAll(async () => {
  t = await createTestApp();
  [agent, supervisor, admin] = await Promise.all([
    signedInStaff(t, 'agent'),
    signedInStaff(t, 'supervisor'),
    signedInStaff(t, 'admin'),
  ]);
});
afterAll(() => t.close());

const { placeOrder } = orderJourney(() => t);
const call = (method: 'GET' | 'POST', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/staff${url}`, headers: headers as Record<string, string>, payload });

interface Detail {
  status: string;
  orderNumber: string;
  lines: { id: string; iccid: string | null }[];
  timeline: { type: string; staff: string | null; detail: string }[];
  audit: { action: string; reason: string | null; staff: string }[];
  actions: string[];
  documents: { id: string; side: string }[];
  refund: { amountCents: number; status: string } | null;
  profile: { idNumber: string; fullName: string; contactNumber: string };
}
const detail = async (id: string, headers = agent.headers) =>
  body<Detail>(await call('GET', `/orders/${id}`, headers)).data;

/** A paid order that has reached the MVNE and waits for review. */
async function reviewable(opts: { typeSim?: number } = {}) {
  const placed = await placeOrder({}, opts);
  const deadline = Date.now() + 15_000;
  while ((await detail(placed.order.id)).status !== 'Payment success created in MVNE') {
    if (Date.now() > deadline) throw new Error('order never reached the MVNE');
    await new Promise((r) => setTimeout(r, 100));
  }
  return placed;
}

/** Fresh SIMs loaded by the admin: ICCIDs and IMSIs no other test uses. */
async function stockSims(count: number) {
  const base = randomInt(1_000_000, 9_000_000);
  const rows = Array.from({ length: count }, (_, i) => ({
    iccid: withLuhnDigit(`89650199${base}${String(i).padStart(3, '0')}`),
    imsi: `52599${base}${String(i).padStart(3, '0')}`,
  }));
  const csv = ['iccid,imsi,pin,puk', ...rows.map((r) => `${r.iccid},${r.imsi},1234,12345678`)].join('\n');
  const form = multipart('stock.csv', Buffer.from(csv), 'text/csv');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/sims/import',
    payload: form.payload,
    headers: { ...admin.headers, 'content-type': form.contentType },
  });
  expect(res.statusCode, res.body).toBe(201);
  return rows;
}

describe('the staff API checks every caller', () => {
  it('refuses customers (403), anonymous callers (401) and roles below the action', async () => {
    const { me, order } = await reviewable();
    const id = order.id;
    for (const url of ['/orders', `/orders/${id}`, '/sims', '/sims/stock'])
      expect((await call('GET', url, me.headers)).statusCode, url).toBe(403);
    for (const url of [
      `/orders/${id}/verify`,
      `/orders/${id}/reject`,
      `/orders/${id}/cancel`,
      '/sims/import',
    ]) {
      expect((await call('POST', url, me.headers, { reason: 'x' })).statusCode, url).toBe(403);
      expect((await call('POST', url, {}, { reason: 'x' })).statusCode, url).toBe(401);
    }
    const reject = await call('POST', `/orders/${id}/reject`, agent.headers, { reason: 'ID unclear' });
    expect(reject.statusCode).toBe(403);
    expect(body(reject).message).toBe('Only a supervisor can do this.');
    expect((await call('POST', `/orders/${id}/cancel`, agent.headers, { reason: 'x' })).statusCode).toBe(403);
    const importing = await call('POST', '/sims/import', supervisor.headers);
    expect(importing.statusCode).toBe(403);
    expect(body(importing).message).toBe(M.notAllowedForRole('admin'));
    expect((await detail(id)).status).toBe('Payment success created in MVNE');
  });
});

describe('the order queue', () => {
  it('finds an order by number, ID number, name or phone, and filters by status and SIM type', async () => {
    const { order } = await reviewable();
    const { profile } = await detail(order.id);
    const search = async (q: string, extra = '') =>
      body<{ items: { id: string }[]; total: number }>(
        await call('GET', `/orders?q=${encodeURIComponent(q)}${extra}`, agent.headers),
      ).data;
    for (const q of [
      order.orderNumber,
      profile.idNumber.toLowerCase(),
      profile.fullName.slice(0, 6),
      `+65 ${formatSgMobile(profile.contactNumber)}`,
    ])
      expect(
        (await search(q)).items.map((i) => i.id),
        q,
      ).toContain(order.id);
    expect((await search(order.orderNumber, '&status=Verified')).total).toBe(0);
    expect((await search(order.orderNumber, '&typeSim=1')).total).toBe(0);
    expect((await search(order.orderNumber, '&typeSim=0&status=open')).total).toBe(1);
    const bad = await call('GET', '/orders?status=Lost', agent.headers);
    expect(bad.statusCode).toBe(422);
  });
});

describe('the order queue searches every status', () => {
  it("finds a rejected order by its number, the customer's name, email or phone when no status is chosen", async () => {
    const { me, order } = await reviewable();
    const { profile } = await detail(order.id);
    const rejected = await call('POST', `/orders/${order.id}/reject`, supervisor.headers, {
      reason: 'The ID photo is of someone else',
    });
    expect(rejected.statusCode).toBe(200);
    const search = async (q: string, extra = '') =>
      body<{ items: { id: string; status: string }[] }>(
        await call('GET', `/orders?q=${encodeURIComponent(q)}${extra}`, agent.headers),
      ).data.items;
    for (const q of [
      order.orderNumber,
      profile.fullName.slice(2, 9).toLowerCase(),
      me.email.toUpperCase(),
      formatSgMobile(profile.contactNumber),
    ])
      expect(
        (await search(q)).find((i) => i.id === order.id),
        q,
      ).toMatchObject({ status: 'Rejected' });
    // A status chosen still narrows the search, and the open orders stay the queue's default.
    expect((await search(order.orderNumber, '&status=open')).map((i) => i.id)).not.toContain(order.id);
    const queue = body<{ items: { id: string }[] }>(await call('GET', '/orders', agent.headers)).data;
    expect(queue.items.map((i) => i.id)).not.toContain(order.id);
  });
});

describe('order actions', () => {
  it("verifies an order: 'Verified', on the timeline and in the audit log with who did it", async () => {
    const { order } = await reviewable();
    const res = await call('POST', `/orders/${order.id}/verify`, agent.headers, {
      note: 'NRIC matches photo',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Verified');
    const d = await detail(order.id);
    expect(d.status).toBe('Verified');
    expect(d.timeline.at(-1)).toMatchObject({ type: 'verify', staff: 'Test agent' });
    expect(d.audit.at(-1)).toMatchObject({
      action: 'verify',
      reason: 'NRIC matches photo',
      staff: 'Test agent',
    });
    expect(d.actions).toEqual(['reject', 'create-delivery', 'cancel']);
    const again = await call('POST', `/orders/${order.id}/verify`, agent.headers, {});
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(M.notNow('Verified'));
  });

  it('rejects with a reason, refunds exactly once, emails the customer and lets them order again', async () => {
    const { me, order, attemptId } = await reviewable();
    const noReason = await call('POST', `/orders/${order.id}/reject`, supervisor.headers, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    const [a, b] = await Promise.all([
      call('POST', `/orders/${order.id}/reject`, supervisor.headers, {
        reason: 'The ID photo is of someone else',
      }),
      call('POST', `/orders/${order.id}/reject`, supervisor.headers, {
        reason: 'The ID photo is of someone else',
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(body(a.statusCode === 200 ? a : b).message).toBe('Reject order successfully');
    const mail = await waitForMessage(me.email, (m) => m.subject?.includes('not approved') ?? false);
    expect(mail.text).toContain('The ID photo is of someone else');
    expect(mail.text).toContain('refunding $30.50');
    // The link opens the order itself, which a customer back at status 0 may still read (ADR 0019).
    expect(mail.text).toContain(`See your order: http://localhost:3000/manage/orders/${order.id}`);
    const deadline = Date.now() + 15_000;
    while ((await detail(order.id)).refund?.status !== 'succeeded' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const d = await detail(order.id);
    expect(d.status).toBe('Rejected');
    expect(d.refund).toEqual({ amountCents: 3050, status: 'succeeded' });
    expect(d.timeline.map((e) => e.type)).toContain('refunded');
    const charges = (await (
      await fetch(`${inject('sandboxUrl')}/payments/api/v1/charges?key=attemptId&value=${attemptId}`, {
        headers: { authorization: 'Bearer sandbox-payments-key' },
      })
    ).json()) as { id: string }[];
    const refunds = (await (
      await fetch(`${inject('sandboxUrl')}/payments/api/v1/charges/${charges[0]?.id}/refunds`, {
        headers: { authorization: 'Bearer sandbox-payments-key' },
      })
    ).json()) as { amount: number }[];
    expect(refunds).toEqual([expect.objectContaining({ amount: 3050 })]);
    const { rows } = await t.ctx.database.pool.query('SELECT status FROM users WHERE email = $1', [me.email]);
    expect(rows[0]?.status).toBe(CustomerStatus.New);
    // The customer, back at status 0, reads why and the refund on the order and on My Account.
    const headers = me.headers;
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const outcome = {
      reason: 'The ID photo is of someone else',
      at: expect.any(String),
      refund: { amountCents: 3050, status: 'succeeded' },
    };
    const mine = body<{
      outcome: unknown;
      timeline: { text: string; label: string; detail: string | null }[];
    }>(theirs).data;
    expect(mine.outcome).toEqual(outcome);
    expect(mine.timeline.map((e) => e.text)).toContain('Order not approved: The ID photo is of someone else');
    // Its words apart from what staff wrote, so that a page says them in the reader's language.
    expect(mine.timeline).toContainEqual({
      at: expect.any(String),
      text: 'Order not approved: The ID photo is of someone else',
      label: 'Order not approved',
      detail: 'The ID photo is of someone else',
    });
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers });
    expect(account.statusCode).toBe(200);
    expect(body<{ latestOutcome: unknown }>(account).data.latestOutcome).toEqual(outcome);
  });

  it('asks for documents: the customer goes to status 3 and is emailed the /uploadID link', async () => {
    const { me, order } = await reviewable();
    const res = await call('POST', `/orders/${order.id}/request-documents`, agent.headers, {
      reason: 'The back of the ID is blurred',
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMessage(me.email, (m) => m.subject?.includes('upload your ID') ?? false);
    expect(mail.text).toContain('/uploadID');
    expect(mail.text).toContain('The back of the ID is blurred');
    const user = await t.app.inject({ method: 'GET', url: `/api/v1/users/${me.id}`, headers: me.headers });
    expect(body<{ status: number }>(user).data.status).toBe(CustomerStatus.DocumentsRequested);
    expect((await detail(order.id)).status).toBe('Not verified');
  });

  it('shows the ID documents inline or as a download with a safe file name', async () => {
    const { order } = await reviewable();
    const d = await detail(order.id);
    expect(d.documents.map((x) => x.side).sort()).toEqual(['back', 'front']);
    const doc = d.documents[0] as { id: string; side: string };
    const inline = await call('GET', `/orders/${order.id}/documents/${doc.id}`, agent.headers);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="${d.orderNumber}-${doc.side}.png"`);
    const other = await reviewable();
    const foreign = await call('GET', `/orders/${other.order.id}/documents/${doc.id}`, agent.headers);
    expect(foreign.statusCode).toBe(404);
  });

  it('creates a delivery order from stock, re-delivers after a failure, and marks it delivered', async () => {
    const { me, order } = await reviewable();
    await call('POST', `/orders/${order.id}/verify`, agent.headers, { note: 'internal: checked by phone' });
    const [first, second] = await stockSims(2);
    const lineId = (await detail(order.id)).lines[0]?.id as string;
    const delivery = (iccid: string) => ({
      deliveryMethod: 0,
      deliveryDate: '2026-12-01',
      trackingCode: 'NV-SG-0001',
      sims: [{ lineId, iccid }],
    });
    const unknown = await call(
      'POST',
      `/orders/${order.id}/deliveries`,
      agent.headers,
      delivery(withLuhnDigit('896501990000000000')),
    );
    expect(unknown.statusCode).toBe(409);
    const created = await call(
      'POST',
      `/orders/${order.id}/deliveries`,
      agent.headers,
      delivery(first?.iccid as string),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(body(created).message).toBe('Create delivery order');
    // The email gives the planned day as people in Singapore write it.
    const onItsWay = await waitForMessage(me.email, (m) => m.subject?.includes('on its way') ?? false);
    expect(onItsWay.text).toContain('planned for Tuesday, 1 December 2026.');
    let d = await detail(order.id);
    expect(d.status).toBe('Delivery in progress');
    expect(d.lines[0]?.iccid).toBe(first?.iccid);

    // Another order cannot take a SIM already assigned.
    const other = await reviewable();
    await call('POST', `/orders/${other.order.id}/verify`, agent.headers, {});
    const otherLine = (await detail(other.order.id)).lines[0]?.id as string;
    const taken = await call('POST', `/orders/${other.order.id}/deliveries`, agent.headers, {
      ...delivery(first?.iccid as string),
      sims: [{ lineId: otherLine, iccid: first?.iccid }],
    });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe(M.simNotAvailable(first?.iccid as string));

    const failed = await call('POST', `/orders/${order.id}/delivery-failed`, agent.headers, {
      reason: 'Nobody at home',
    });
    expect(body(failed).message).toBe('Delivery failed');
    d = await detail(order.id);
    expect(d.status).toBe('Delivery failed');
    expect(d.lines[0]?.iccid).toBeNull();
    const again = await call(
      'POST',
      `/orders/${order.id}/deliveries`,
      agent.headers,
      delivery(second?.iccid as string),
    );
    expect(again.statusCode).toBe(200);
    const delivered = await call('POST', `/orders/${order.id}/delivered`, agent.headers);
    expect(body(delivered).message).toBe('Delivery completed');
    d = await detail(order.id);
    expect(d.status).toBe('Delivery completed');
    expect(d.timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(['verify', 'create-delivery', 'mark-delivery-failed', 'mark-delivered']),
    );
    // The customer follows it on their order's timeline, without staff notes.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: me.headers,
    });
    const texts = body<{ timeline: { text: string }[] }>(mine).data.timeline.map((e) => e.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Order verified',
        'SIM sent: Home Delivery · NV-SG-0001',
        'Delivery failed: we will arrange another',
        'SIM delivered',
      ]),
    );
    expect(texts.join(' ')).not.toContain('internal');
    // The first SIM went back to stock when the parcel came back.
    const sims = body<{ items: { iccid: string; state: string }[] }>(
      await call('GET', `/sims?q=${first?.iccid}`, agent.headers),
    ).data.items;
    expect(sims).toEqual([expect.objectContaining({ iccid: first?.iccid, state: 'available' })]);
  });
});

describe('SIM stock', () => {
  it('loads good lines, reports bad ones by line number and counts SIMs already in stock', async () => {
    const [known] = await stockSims(1);
    const fresh = withLuhnDigit(`89650198${randomInt(1_000_000, 9_000_000)}000`);
    const csv = [
      'ICCID,IMSI,PIN,PUK',
      `${known?.iccid},${known?.imsi},1234,12345678`,
      `${fresh},525980${randomInt(100_000_000, 999_999_999)},1234,12345678`,
      '12345,525010000000009,1234,12345678',
    ].join('\n');
    const form = multipart('batch-7.csv', Buffer.from(csv), 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sims/import',
      payload: form.payload,
      headers: { ...admin.headers, 'content-type': form.contentType },
    });
    expect(res.statusCode).toBe(201);
    expect(body(res).data).toMatchObject({
      added: 1,
      alreadyInStock: 1,
      errors: [{ line: 4, message: 'ICCID is invalid' }],
    });
    const stock = body<{ counts: Record<string, number> }>(
      await call('GET', '/sims/stock', agent.headers),
    ).data;
    expect(stock.counts.available).toBeGreaterThanOrEqual(2);
  });

  it('refuses a file that is not text', async () => {
    const form = multipart('stock.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]), 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/sims/import',
      payload: form.payload,
      headers: { ...admin.headers, 'content-type': form.contentType },
    });
    expect(res.statusCode).toBe(422);
  });
});

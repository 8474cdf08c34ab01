import { randomInt } from 'node:crypto';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { expect } from 'vitest';
import { body, multipart, type TestApp } from './harness.ts';
import { inject } from './inject.ts';
import { type JourneyOptions, orderJourney } from './order-journey.ts';
import type { signedInStaff } from './staff.ts';

type Staff = Awaited<ReturnType<typeof signedInStaff>>;

/** Polls `read` until `ok` holds (or the time is up) and returns the last value. */
export async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const sandbox = (path: string, payload?: object, method = payload ? 'POST' : 'GET') =>
  fetch(`${inject('sandboxUrl')}${path}`, {
    method,
    headers: payload ? { 'content-type': 'application/json' } : {},
    body: payload ? JSON.stringify(payload) : undefined,
  });

/** An order taken from payment through the staff console, as far as a test needs. */
export function fulfilmentJourney(testApp: () => TestApp, staff: () => { agent: Staff; admin: Staff }) {
  const { placeOrder } = orderJourney(testApp);
  const staffCall = (url: string, payload?: object, headers = staff().agent.headers) =>
    testApp().app.inject({ method: payload ? 'POST' : 'GET', url: `/api/v1/staff${url}`, headers, payload });
  const orderStatus = async (id: string) =>
    body<{ status: string }>(await staffCall(`/orders/${id}`)).data.status;

  /** Loads a fresh SIM into stock through the admin's CSV upload. */
  async function stockSim() {
    const base = randomInt(1_000_000, 9_000_000);
    const sim = { iccid: withLuhnDigit(`89650197${base}000`), imsi: `52597${base}000` };
    const form = multipart(
      'stock.csv',
      Buffer.from(`iccid,imsi,pin,puk\n${sim.iccid},${sim.imsi},1234,12345678`),
    );
    const loaded = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/staff/sims/import',
      payload: form.payload,
      headers: { ...staff().admin.headers, 'content-type': form.contentType },
    });
    expect(loaded.statusCode).toBe(201);
    return sim;
  }

  /** A paid order the MVNE has, verified by an agent. */
  async function verified(opts: JourneyOptions = {}) {
    const placed = await placeOrder({}, opts);
    await until(
      () => orderStatus(placed.order.id),
      (s) => s === 'Payment success created in MVNE',
    );
    const res = await staffCall(`/orders/${placed.order.id}/verify`, {});
    expect(res.statusCode, res.body).toBe(200);
    return placed;
  }

  /** A verified order whose SIM was sent (and delivered): waiting to be activated. */
  async function delivered(opts: JourneyOptions & { markDelivered?: boolean } = {}) {
    const placed = await verified({ number: 'new', ...opts });
    const sim = await stockSim();
    const detail = body<{ lines: { id: string }[] }>(await staffCall(`/orders/${placed.order.id}`)).data;
    const lineId = detail.lines[0]?.id as string;
    const sent = await staffCall(`/orders/${placed.order.id}/deliveries`, {
      deliveryMethod: 0,
      deliveryDate: '2026-12-01',
      trackingCode: 'NV-0001',
      sims: [{ lineId, iccid: sim.iccid }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    if (opts.markDelivered !== false)
      expect((await staffCall(`/orders/${placed.order.id}/delivered`, {})).statusCode).toBe(200);
    return { ...placed, sim, lineId };
  }

  /** A delivered order activated by an agent's IMSI, waited for until the MVNE completes it. */
  async function active(opts: JourneyOptions = {}) {
    const d = await delivered(opts);
    const res = await staffCall(`/orders/${d.order.id}/activate`, {
      lines: [{ lineId: d.lineId, imsi: d.sim.imsi }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await until(
        () => orderStatus(d.order.id),
        (s) => s === 'Completed',
      ),
    ).toBe('Completed');
    return d;
  }

  return { placeOrder, staffCall, orderStatus, stockSim, verified, delivered, active };
}

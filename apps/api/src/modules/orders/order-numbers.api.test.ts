import { Messages } from '@selfcare/domain';
import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { fieldErrors, orderJourney, planStep } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NUMBER_HOLD_MINUTES: '30' });
});
afterAll(() => t.close());
afterEach(async () => {
  await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
});

const { get, put, freeNumbers } = orderJourney(() => t);
const mvne = (path: string, init: RequestInit = {}) =>
  fetch(`${inject('sandboxUrl')}/mvne/tmf-api/resourcePoolManagement/v4${path}`, {
    ...init,
    headers: { authorization: 'Bearer sandbox-mvne-key', 'content-type': 'application/json' },
  });
const isFree = async (msisdn: string) => {
  const page = (await (await mvne(`/availableResource?contains=${msisdn}`)).json()) as {
    resource: { id: string }[];
  };
  return page.resource.some((r) => r.id === msisdn);
};

describe('step 2, Number Selection', () => {
  it('lists new numbers from the MVNE a page at a time, searchable by digits', async () => {
    const me = await signedInCustomer(t);
    const res = await get('/api/v1/orders/numbers?contains=88&page=2', me.headers);
    const page = body<{ numbers: string[]; page: number; totalPages: number }>(res).data;
    expect(page.numbers).toHaveLength(20);
    expect(page.page).toBe(2);
    for (const n of page.numbers) expect(n).toContain('88');
    expect((await get('/api/v1/orders/numbers?contains=8a', me.headers)).statusCode).toBe(422);
  });

  it('says numbers cannot be shown while the MVNE is down', async () => {
    const me = await signedInCustomer(t);
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'mvne', mode: 'down', seconds: 30 }),
    });
    const res = await get('/api/v1/orders/numbers', me.headers);
    expect(res.statusCode).toBe(503);
    expect(body(res).message).toBe(OrderMessages.numbersUnavailable);
  });

  it('holds a chosen new number for the customer, and gives it back when they choose another', async () => {
    const me = await signedInCustomer(t);
    await put('/api/v1/orders/draft/plan', planStep(1), me.headers);
    const [first, second] = await freeNumbers(me.headers, '97');
    const saved = await put(
      '/api/v1/orders/draft/numbers',
      { lines: [{ numberType: 'NORMAL', msisdn: first }] },
      me.headers,
    );
    expect(saved.statusCode).toBe(200);
    const { reservation } = body<{ reservation: { numbers: string[]; until: string } }>(saved).data;
    expect(reservation.numbers).toEqual([first]);
    const minutes = (Date.parse(reservation.until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await isFree(first as string)).toBe(false);

    await put(
      '/api/v1/orders/draft/numbers',
      { lines: [{ numberType: 'NORMAL', msisdn: second }] },
      me.headers,
    );
    expect(await isFree(first as string)).toBe(true);
    expect(await isFree(second as string)).toBe(false);
  });

  it('tells the customer when the number was taken by someone else meanwhile', async () => {
    const me = await signedInCustomer(t);
    await put('/api/v1/orders/draft/plan', planStep(1), me.headers);
    const [n] = await freeNumbers(me.headers, '98');
    await mvne('/reservation', {
      method: 'POST',
      body: JSON.stringify({
        relatedParty: [{ id: 'someone-else' }],
        reservationItem: [{ resourceCapacity: { resource: [{ id: n }] } }],
      }),
    });
    const res = await put(
      '/api/v1/orders/draft/numbers',
      { lines: [{ numberType: 'NORMAL', msisdn: n }] },
      me.headers,
    );
    expect(res.statusCode).toBe(409);
    expect(fieldErrors(res)).toEqual({ 'lines.0.msisdn': OrderMessages.numberTaken });
  });

  it('takes a port-in with its donor network, but not a number that is already ours', async () => {
    const me = await signedInCustomer(t);
    const other = await signedInCustomer(t);
    await put('/api/v1/orders/draft/plan', planStep(2), me.headers);
    const [n] = await freeNumbers(me.headers, '87');
    const portIn = { numberType: 'RETAIN', msisdn: '9012 3456', donorNetwork: 1, confirmPostpaid: true };
    const ok = await put(
      '/api/v1/orders/draft/numbers',
      { lines: [{ numberType: 'NORMAL', msisdn: n }, portIn] },
      me.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect(body<{ numbers: { lines: unknown[] } }>(ok).data.numbers.lines[1]).toEqual({
      ...portIn,
      msisdn: '90123456',
    });

    const ours = await put(
      '/api/v1/orders/draft/numbers',
      {
        lines: [
          { numberType: 'NORMAL', msisdn: n },
          { ...portIn, msisdn: other.phoneNumber },
        ],
      },
      me.headers,
    );
    expect(ours.statusCode).toBe(422);
    expect(fieldErrors(ours)).toEqual({ 'lines.1.msisdn': Messages.phoneTaken });
  });

  it("uses the spec's messages for missing numbers", async () => {
    const me = await signedInCustomer(t);
    await put('/api/v1/orders/draft/plan', planStep(2), me.headers);
    const res = await put(
      '/api/v1/orders/draft/numbers',
      {
        lines: [
          { numberType: 'NORMAL', msisdn: '' },
          { numberType: 'RETAIN', msisdn: '912', donorNetwork: 2, confirmPostpaid: true },
        ],
      },
      me.headers,
    );
    expect(fieldErrors(res)).toEqual({
      'lines.0.msisdn': OrderMessages.chooseMeNumber,
      'lines.1.msisdn': Messages.completeNumber,
    });
  });

  it('needs the plans first, and one number per line', async () => {
    const me = await signedInCustomer(t);
    const early = await put(
      '/api/v1/orders/draft/numbers',
      { lines: [{ numberType: 'RETAIN', msisdn: '90000001', donorNetwork: 0, confirmPostpaid: true }] },
      me.headers,
    );
    expect(early.statusCode).toBe(409);
    await put('/api/v1/orders/draft/plan', planStep(2), me.headers);
    const short = await put(
      '/api/v1/orders/draft/numbers',
      { lines: [{ numberType: 'RETAIN', msisdn: '90000001', donorNetwork: 0, confirmPostpaid: true }] },
      me.headers,
    );
    expect(short.statusCode).toBe(422);
  });

  it("keeps each customer's draft to themselves", async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    await put('/api/v1/orders/draft/plan', planStep(1), a.headers);
    expect(body<{ plan: unknown }>(await get('/api/v1/orders/draft', b.headers)).data.plan).toBeNull();
  });
});

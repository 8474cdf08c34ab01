import { DeliveryMethod, Messages } from '@selfcare/domain';
import { deliveryDateOptions } from '@selfcare/domain/calendar';
import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { customerProfiles } from '../../db/schema.ts';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { account, fieldErrors, type Headers, ION, orderJourney, planStep } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NUMBER_HOLD_MINUTES: '30' });
});
afterAll(() => t.close());
afterEach(async () => {
  await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
});

const { get, put, freeNumbers, readyForAccount, readyForDelivery } = orderJourney(() => t);
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
describe('what a new order may contain', () => {
  it('offers consumer plans, add-ons, the configured fees and 10 lines to a new customer', async () => {
    const me = await signedInCustomer(t);
    const res = await get('/api/v1/orders/offer', me.headers);
    expect(res.statusCode).toBe(200);
    const offer = body<{
      plans: { code: string; group: string }[];
      addons: unknown[];
      fees: Record<string, number>;
      maxLines: number;
      networks: { id: number; name: string }[];
    }>(res).data;
    expect(offer.plans.map((p) => p.code)).toEqual(['LITE-10', 'VALUE-20', 'PLUS-35', 'MAX-55']);
    expect(offer.addons.length).toBeGreaterThan(0);
    expect(offer.fees).toMatchObject({ newNumberCents: 2200, homeDeliveryCents: 550, gstPercent: 9 });
    expect(offer.maxLines).toBe(10);
    expect(offer.networks[1]).toEqual({ id: 1, name: 'Singtel' });
  });

  it("adds only the CIS plans of the customer's own scheme company", async () => {
    const me = await signedInCustomer(t, { cisTypes: ['ACME'] });
    const plans = body<{ plans: { code: string }[] }>(await get('/api/v1/orders/offer', me.headers)).data
      .plans;
    expect(plans.map((p) => p.code)).toContain('CIS-ACME-18');
    expect(plans.map((p) => p.code)).not.toContain('CIS-ORCHID-28');
  });

  it('is only for customers who may order: 401 without login, 403 once they have a line', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/orders/offer' })).statusCode).toBe(401);
    const active = await signedInCustomer(t, { status: 2, activated: true });
    expect((await get('/api/v1/orders/offer', active.headers)).statusCode).toBe(403);
    expect((await put('/api/v1/orders/draft/plan', planStep(), active.headers)).statusCode).toBe(403);
  });
});

describe('step 1, Plan Configuration', () => {
  it('saves the plans and add-ons and gives them back on return', async () => {
    const me = await signedInCustomer(t);
    const saved = await put('/api/v1/orders/draft/plan', planStep(2), me.headers);
    expect(saved.statusCode).toBe(200);
    const draft = body<{ plan: unknown }>(await get('/api/v1/orders/draft', me.headers)).data;
    expect(draft.plan).toEqual(planStep(2));
  });

  it("answers 'Plan is required. Please choose plan!' for a missing or unknown plan and saves nothing", async () => {
    const me = await signedInCustomer(t);
    const missing = await put(
      '/api/v1/orders/draft/plan',
      { typeSim: 0, lines: [{ planCode: '', addonCodes: [] }] },
      me.headers,
    );
    expect(missing.statusCode).toBe(422);
    expect(fieldErrors(missing)).toEqual({ 'lines.0.planCode': OrderMessages.choosePlan });
    const foreign = await put(
      '/api/v1/orders/draft/plan',
      { typeSim: 0, lines: [{ planCode: 'CIS-ORCHID-28', addonCodes: [] }] },
      me.headers,
    );
    expect(fieldErrors(foreign)).toEqual({ 'lines.0.planCode': OrderMessages.choosePlan });
    expect(body<{ plan: unknown }>(await get('/api/v1/orders/draft', me.headers)).data.plan).toBeNull();
  });

  it('refuses more lines than the customer may still hold', async () => {
    const me = await signedInCustomer(t);
    const res = await put('/api/v1/orders/draft/plan', planStep(11), me.headers);
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual({ lines: OrderMessages.tooManyLines(10) });
  });
});

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

describe('promotion codes', () => {
  const check = (code: string, headers: Headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders/promotion', payload: { code }, headers });

  it('gives what a valid code takes off, in any letter case', async () => {
    const me = await signedInCustomer(t);
    const res = await check('welcome10', me.headers);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ code: 'WELCOME10', percentOff: 10, amountOffCents: null });
  });

  it('refuses an ended or unknown code', async () => {
    const me = await signedInCustomer(t);
    for (const code of ['NEWYEAR2025', 'NOSUCHCODE']) {
      const res = await check(code, me.headers);
      expect(res.statusCode).toBe(422);
      expect(fieldErrors(res)).toEqual({ code: OrderMessages.promotionInvalid });
    }
  });
});

describe('step 3, Account Information', () => {
  it('saves who the customer is with both sides of their ID', async () => {
    const { me, documents } = await readyForAccount();
    const res = await put(
      '/api/v1/orders/draft/account',
      account({ documents, idNumber: 's8979373d' }),
      me.headers,
    );
    expect(res.statusCode).toBe(200);
    const saved = body<{ account: Record<string, unknown> }>(await get('/api/v1/orders/draft', me.headers))
      .data.account;
    expect(saved).toMatchObject({ fullName: 'Lim Wei Jie', idNumber: 'S8979373D', documents });
    // Coming back to step 3 shows the files the draft holds, by name.
    expect(body<{ documents: unknown }>(res).data.documents).toEqual({
      front: { id: documents.front, fileName: 'front.png' },
      back: { id: documents.back, fileName: 'back.png' },
    });
  });

  it('wants both sides when one was removed', async () => {
    const { me, documents } = await readyForAccount();
    const res = await put(
      '/api/v1/orders/draft/account',
      account({ documents: { front: null, back: documents.back } }),
      me.headers,
    );
    expect(fieldErrors(res)).toEqual({ documents: OrderMessages.documentsRequired });
  });

  it('refuses a customer under 18 and a pass about to end, and says so per field', async () => {
    const { me, documents } = await readyForAccount();
    const young = await put(
      '/api/v1/orders/draft/account',
      account({ documents, dateOfBirth: '2015-01-01' }),
      me.headers,
    );
    expect(young.statusCode).toBe(422);
    expect(fieldErrors(young)).toEqual({ dateOfBirth: OrderMessages.tooYoung });
    const fin = {
      idType: 2,
      idNumber: 'M1234567K',
      passType: 'S Pass',
      passStatus: 'Live',
      passExpiry: '2026-12-31',
    };
    const pass = await put('/api/v1/orders/draft/account', account({ documents, ...fin }), me.headers);
    expect(fieldErrors(pass)).toEqual({ passExpiry: OrderMessages.passTooShort });
  });

  it('wants both sides uploaded by this customer', async () => {
    const { me } = await readyForAccount();
    const other = await readyForAccount();
    expect(fieldErrors(await put('/api/v1/orders/draft/account', account(), me.headers))).toEqual({
      documents: OrderMessages.documentsRequired,
    });
    const borrowed = await put(
      '/api/v1/orders/draft/account',
      account({ documents: other.documents }),
      me.headers,
    );
    expect(fieldErrors(borrowed)).toEqual({ documents: OrderMessages.documentsRequired });
  });

  it('refuses an ID number another customer has given', async () => {
    const { me, documents } = await readyForAccount();
    const holder = await signedInCustomer(t);
    const now = new Date();
    await t.ctx.database.db.insert(customerProfiles).values({
      userId: holder.id,
      salutation: 'Ms.',
      givenName: 'A',
      familyName: 'B',
      fullName: 'A B',
      dateOfBirth: '1980-01-01',
      contactNumber: holder.phoneNumber,
      idType: 2,
      idNumber: 'F1234567N',
      idIssueDate: '2010-01-01',
      marketing: {},
      createdAt: now,
      updatedAt: now,
    });
    const res = await put(
      '/api/v1/orders/draft/account',
      account({
        documents,
        idType: 2,
        idNumber: 'F1234567N',
        passType: 'Employment Pass',
        passStatus: 'Live',
        passExpiry: '2030-01-01',
      }),
      me.headers,
    );
    expect(fieldErrors(res)).toEqual({ idNumber: Messages.idTaken });
  });
});

describe('step 3: who holds an ID number is not for asking over and over', () => {
  /** A valid NRIC (S series) with these seven digits. */
  const nric = (digits: number) => {
    const d = String(digits).padStart(7, '0');
    const sum = [2, 7, 6, 5, 4, 3, 2].reduce((n, w, i) => n + w * Number(d[i]), 0);
    return `S${d}${'JZIHGFEDCBA'[sum % 11]}`;
  };

  // The security test asked whether ID numbers were registered 300 times a minute through step 3.
  it('checks 10 new ID numbers a quarter of an hour per customer, then answers 429', async () => {
    const { me, documents } = await readyForAccount();
    const other = await readyForAccount();
    const base = 1_000_000 + Math.floor(Math.random() * 8_000_000);
    const save = (idNumber: string, headers = me.headers) =>
      put('/api/v1/orders/draft/account', account({ documents, idNumber }), headers);
    for (let i = 0; i < 10; i++) expect((await save(nric(base + i))).statusCode).toBe(200);
    const refused = await save(nric(base + 10));
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Saving the step again with the number it holds asks nothing new.
    expect((await save(nric(base + 9))).statusCode).toBe(200);
    // The limit is the customer's own.
    const theirs = await put(
      '/api/v1/orders/draft/account',
      account({ documents: other.documents, idNumber: nric(base + 10) }),
      other.me.headers,
    );
    expect(theirs.statusCode).toBe(200);
  });
});

describe('step 4, Delivery & Billing', () => {
  const SENTOSA = {
    postalCode: '098269',
    blockNumber: '8',
    roadName: 'SENTOSA GATEWAY',
    building: 'RESORTS WORLD SENTOSA',
    unitNumber: '',
  };
  it('offers home delivery within 2 working days, and no date for postal mail', async () => {
    const me = await signedInCustomer(t);
    const home = body<{ dates: string[] }>(
      await get(`/api/v1/orders/delivery-dates?method=${DeliveryMethod.HomeDelivery}`, me.headers),
    ).data;
    expect(home.dates).toEqual(deliveryDateOptions(new Date(), DeliveryMethod.HomeDelivery));
    expect(home.dates).toHaveLength(2);
    const postal = body<{ dates: string[] }>(
      await get(`/api/v1/orders/delivery-dates?method=${DeliveryMethod.PostalMail}`, me.headers),
    ).data;
    expect(postal.dates).toEqual([]);
  });

  it('fills the address from the postal code, and treats an unreadable one as no address', async () => {
    const me = await signedInCustomer(t);
    const found = body<{ blockNumber: string; roadName: string; building: string }[]>(
      await get('/api/v1/orders/address?postalCode=238801', me.headers),
    ).data;
    expect(found).toEqual([
      expect.objectContaining({ blockNumber: '2', roadName: 'ORCHARD TURN', building: 'ION ORCHARD' }),
    ]);
    expect(found[0]).not.toHaveProperty('deliverable');
    // Looked up for home delivery, it says whether the courier goes there.
    const home = (postalCode: string) =>
      get(
        `/api/v1/orders/address?postalCode=${postalCode}&method=${DeliveryMethod.HomeDelivery}`,
        me.headers,
      );
    expect(body(await home('238801')).data).toEqual([expect.objectContaining({ deliverable: true })]);
    expect(body(await home('098269')).data).toEqual([
      expect.objectContaining({ roadName: 'SENTOSA GATEWAY', deliverable: false }),
    ]);
    const byPost = await get(
      `/api/v1/orders/address?postalCode=098269&method=${DeliveryMethod.PostalMail}`,
      me.headers,
    );
    expect(body<object[]>(byPost).data[0]).not.toHaveProperty('deliverable');
    expect(body(await get('/api/v1/orders/address?postalCode=999999', me.headers)).data).toEqual([]);
    expect((await get('/api/v1/orders/address?postalCode=23880', me.headers)).statusCode).toBe(422);
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'address', mode: 'down', seconds: 30 }),
    });
    const down = await get('/api/v1/orders/address?postalCode=238801', me.headers);
    expect(down.statusCode).toBe(503);
    expect(body(down).message).toBe(OrderMessages.addressLookupUnavailable);
  });

  it('books home delivery on an offered day and bills the same address', async () => {
    const me = await readyForDelivery();
    const [date] = deliveryDateOptions(new Date(), DeliveryMethod.HomeDelivery);
    const res = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 0, delivery: ION, deliveryDate: date, billingSameAsDelivery: true },
      me.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(body<{ delivery: unknown }>(res).data.delivery).toEqual({
      deliveryMethod: 0,
      delivery: ION,
      deliveryDate: date,
      billingSameAsDelivery: true,
      billing: ION,
    });
  });

  it("says 'Delivery to this address is not available.' where the courier does not go", async () => {
    const me = await readyForDelivery();
    const [date] = deliveryDateOptions(new Date(), DeliveryMethod.HomeDelivery);
    const res = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 0, delivery: SENTOSA, deliveryDate: date, billingSameAsDelivery: true },
      me.headers,
    );
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual({ 'delivery.postalCode': OrderMessages.deliveryUnavailable });
    const postal = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 1, delivery: SENTOSA, billingSameAsDelivery: true },
      me.headers,
    );
    expect(postal.statusCode).toBe(200);
  });

  it('wants a day the method offers', async () => {
    const me = await readyForDelivery();
    const res = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 0, delivery: ION, deliveryDate: '2030-01-01', billingSameAsDelivery: true },
      me.headers,
    );
    expect(fieldErrors(res)).toEqual({ deliveryDate: OrderMessages.chooseDeliveryDate });
  });

  it('keeps eSIM ID verification for eSIM orders, which need only a billing address', async () => {
    const physical = await readyForDelivery();
    const wrong = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 2, billingSameAsDelivery: false, billing: ION },
      physical.headers,
    );
    expect(fieldErrors(wrong)).toEqual({ deliveryMethod: OrderMessages.deliveryMethodNotForSim });
    const esim = await readyForDelivery({}, { typeSim: 1 });
    const home = await put(
      '/api/v1/orders/draft/delivery',
      {
        deliveryMethod: 0,
        delivery: ION,
        deliveryDate: deliveryDateOptions(new Date(), 0)[0],
        billingSameAsDelivery: true,
      },
      esim.headers,
    );
    expect(fieldErrors(home)).toEqual({ deliveryMethod: OrderMessages.deliveryMethodNotForSim });
    const ok = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: 2, billingSameAsDelivery: false, billing: ION },
      esim.headers,
    );
    expect(body<{ delivery: unknown }>(ok).data.delivery).toMatchObject({
      deliveryMethod: 2,
      delivery: null,
      billing: ION,
    });
  });

  it('takes only a billing address from a roadshow customer', async () => {
    const me = await readyForDelivery({ roadshow: true });
    const res = await put(
      '/api/v1/orders/draft/delivery',
      { deliveryMethod: null, billingSameAsDelivery: false, billing: ION },
      me.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(body<{ delivery: unknown }>(res).data.delivery).toEqual({
      deliveryMethod: null,
      delivery: null,
      deliveryDate: null,
      billingSameAsDelivery: false,
      billing: ION,
    });
  });
});

describe('/uploadID: documents staff asked for', () => {
  const { uploadId, post } = orderJourney(() => t);

  it('takes both sides from a status-3 customer and puts them back to waiting', async () => {
    const me = await signedInCustomer(t, { status: 3 });
    const missing = await post('/api/v1/orders/documents', { front: '', back: '' }, me.headers);
    expect(missing.statusCode).toBe(422);
    expect(body(missing).message).toBe(OrderMessages.documentsRequired);
    const stranger = await signedInCustomer(t, { status: 3 });
    const theirs = await uploadId(stranger.headers);
    expect(fieldErrors(await post('/api/v1/orders/documents', theirs, me.headers))).toEqual({
      documents: OrderMessages.documentsRequired,
    });

    const mine = await uploadId(me.headers);
    const res = await post('/api/v1/orders/documents', mine, me.headers);
    expect(res.statusCode).toBe(200);
    expect(body<{ status: number }>(await get(`/api/v1/users/${me.id}`, me.headers)).data.status).toBe(1);
  });

  it('is not for customers nobody asked', async () => {
    const me = await signedInCustomer(t);
    const docs = await uploadId(me.headers);
    expect((await post('/api/v1/orders/documents', docs, me.headers)).statusCode).toBe(403);
  });
});

import { randomInt } from 'node:crypto';
import { DeliveryMethod, isValidNricOrFin, normalizeSgMobile } from '@selfcare/domain';
import { deliveryDateOptions } from '@selfcare/domain/calendar';
import { expect } from 'vitest';
import { body, multipart, signedInCustomer, type TestApp, withRoundTripCookie } from './harness.ts';
import { consentAtMockPass } from './mockpass.ts';

export type Headers = { authorization: string; cookie?: string };
type CustomerOverrides = Parameters<typeof signedInCustomer>[1];

export const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
export const ION = {
  postalCode: '238801',
  blockNumber: '2',
  roadName: 'ORCHARD TURN',
  building: 'ION ORCHARD',
  unitNumber: '#04-12',
};

export const fieldErrors = (res: { json(): unknown }) =>
  (res.json() as { extra_info: { fields: Record<string, string> } }).extra_info.fields;

export const planStep = (lines = 1, typeSim = 0) => ({
  typeSim,
  lines: Array.from({ length: lines }, (_, i) => ({
    planCode: i ? 'LITE-10' : 'VALUE-20',
    addonCodes: i ? [] : ['DATA-20'],
  })),
});

let nricCounter = 0;
/** A valid NRIC no other test uses: ID numbers are unique among customers. */
export function uniqueNric(): string {
  nricCounter += 1;
  const digits = String((process.pid * 7919 + Date.now() + nricCounter * 104_729) % 10_000_000).padStart(
    7,
    '0',
  );
  const letter = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((l) => isValidNricOrFin(`S${digits}${l}`));
  return `S${digits}${letter}`;
}

/**
 * A Singapore mobile number for an order's contact, its own: the staff queue finds orders by it, and
 * a number every test order shared buried the order a search test looked for under all the others.
 * Customers' own numbers start with 8 (harness.ts), so these start with 9.
 */
export function uniqueContactNumber(): string {
  const number = `9${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
  if (normalizeSgMobile(number) !== number) throw new Error(`not a Singapore mobile number: ${number}`);
  return number;
}

export const account = (over: object = {}) => ({
  salutation: 'Mr.',
  givenName: 'Wei Jie',
  familyName: 'Lim',
  fullName: 'Lim Wei Jie',
  dateOfBirth: '1988-03-02',
  contactNumber: uniqueContactNumber(),
  idType: 1,
  idNumber: 'S8979373D',
  idIssueDate: '2012-06-01',
  marketing: {
    provider: { email: true, sms: true, push: false },
    thirdParty: { email: false, sms: false, push: false },
  },
  ...over,
});

export const TEST_CARDS = {
  approved: '4242424242424242',
  wrongDetails: '4000000000000127',
  noFunds: '4000000000009995',
};

/** What the browser does on the gateway's page: type the card and submit. */
export async function payOnGatewayPage(redirectUrl: string, card: string) {
  const res = await fetch(redirectUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Lim Wei Jie', number: card, expiry: '12/30', cvc: '123' }).toString(),
  });
  expect(res.status).toBe(303);
  return res.headers.get('location') as string;
}

export interface JourneyOptions {
  typeSim?: number;
  /** A new number from the MVNE (held for the customer) or a port-in. */
  number?: 'new' | 'port-in';
  /** The NRIC on the order (a MyInfo persona's, say); a fresh one otherwise. */
  idNumber?: string;
  /** The number a port-in line brings (90000002 unless given). */
  portMsisdn?: string;
  /**
   * Chooses the new number among the free ones (the first otherwise). A line that ends gives its
   * number back to the MVNE, so on a database the suite shares a free number may still be written on
   * another customer's rows: a test that searches the database for its customer's number picks one
   * found nowhere.
   */
  pickNumber?: (free: string[]) => Promise<string>;
  /** Step 3 filled by Retrieve with Myinfo as this MockPass persona, instead of typed with ID copies. */
  myinfo?: string;
}

/** Walks a customer through the order wizard's steps against the real API, as far as a test needs. */
export function orderJourney(testApp: () => TestApp) {
  const get = (url: string, headers: Headers) => testApp().app.inject({ method: 'GET', url, headers });
  const put = (url: string, payload: object, headers: Headers) =>
    testApp().app.inject({ method: 'PUT', url, payload, headers });
  const post = (url: string, payload: object, headers: Headers) =>
    testApp().app.inject({ method: 'POST', url, payload, headers });

  async function freeNumbers(headers: Headers, contains = '') {
    const res = await get(`/api/v1/orders/numbers?contains=${contains}`, headers);
    expect(res.statusCode).toBe(200);
    return body<{ numbers: string[] }>(res).data.numbers;
  }

  async function newNumber(headers: Headers, pick?: (free: string[]) => Promise<string>) {
    const free = await freeNumbers(headers);
    return pick ? pick(free) : free[0];
  }

  async function throughNumbers(over: CustomerOverrides = {}, opts: JourneyOptions = {}) {
    const me = await signedInCustomer(testApp(), over);
    expect(
      (await put('/api/v1/orders/draft/plan', planStep(1, opts.typeSim ?? 0), me.headers)).statusCode,
    ).toBe(200);
    const line =
      opts.number === 'new'
        ? { numberType: 'NORMAL', msisdn: await newNumber(me.headers, opts.pickNumber) }
        : {
            numberType: 'RETAIN',
            msisdn: opts.portMsisdn ?? '90000002',
            donorNetwork: 0,
            confirmPostpaid: true,
          };
    const numbers = await put('/api/v1/orders/draft/numbers', { lines: [line] }, me.headers);
    expect(numbers.statusCode, numbers.body).toBe(200);
    return { ...me, msisdn: line.msisdn as string };
  }

  async function uploadId(headers: Headers) {
    const ids: Record<string, string> = {};
    for (const side of ['front', 'back']) {
      const form = multipart(`${side}.png`, PNG);
      const res = await testApp().app.inject({
        method: 'POST',
        url: `/api/v1/documents?side=${side}`,
        payload: form.payload,
        headers: { ...headers, 'content-type': form.contentType },
      });
      expect(res.statusCode).toBe(201);
      ids[side] = body<{ id: string }>(res).data.id;
    }
    return { front: ids.front as string, back: ids.back as string };
  }

  /** Steps 1 and 2 done and the ID uploaded; step 3 is the test's. */
  async function readyForAccount(over: CustomerOverrides = {}, opts: JourneyOptions = {}) {
    const me = await throughNumbers(over, opts);
    return { me, documents: await uploadId(me.headers) };
  }

  /** Steps 1 and 2 done, then step 3 from MyInfo: the persona's verified details, no ID copies. */
  async function accountFromMyinfo(over: CustomerOverrides, opts: JourneyOptions & { myinfo: string }) {
    const me = await throughNumbers(over, opts);
    const start = await get('/api/v1/auth/myinfo/authoriseUrl?ref=%2FgetStarted', me.headers);
    expect(start.statusCode, start.body).toBe(200);
    const back = await consentAtMockPass(body<{ url: string }>(start).data.url, opts.myinfo);
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    const person = await post(
      '/api/v1/auth/myinfo/personData',
      { code, state },
      withRoundTripCookie(me.headers, start),
    );
    expect(person.statusCode, person.body).toBe(200);
    const prefill = body<{ prefill: { account: object } }>(person).data.prefill.account;
    const saved = await put(
      '/api/v1/orders/draft/account',
      account({ ...prefill, documents: null }),
      me.headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return me;
  }

  async function readyForDelivery(over: CustomerOverrides = {}, opts: JourneyOptions = {}) {
    if (opts.myinfo) return accountFromMyinfo(over, { ...opts, myinfo: opts.myinfo });
    const { me, documents } = await readyForAccount(over, opts);
    const saved = await put(
      '/api/v1/orders/draft/account',
      account({ documents, idNumber: opts.idNumber ?? uniqueNric() }),
      me.headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return me;
  }

  /** Every step done: home delivery (or eSIM ID verification, or a roadshow's billing) to ION Orchard. */
  async function readyForSummary(over: CustomerOverrides = {}, opts: JourneyOptions = {}) {
    const me = await readyForDelivery(over, opts);
    const delivery =
      over.roadshow === true
        ? { deliveryMethod: null, billingSameAsDelivery: false, billing: ION }
        : opts.typeSim === 1
          ? { deliveryMethod: DeliveryMethod.ESimIdVerification, billingSameAsDelivery: false, billing: ION }
          : {
              deliveryMethod: DeliveryMethod.HomeDelivery,
              delivery: ION,
              deliveryDate: deliveryDateOptions(testApp().ctx.clock.now(), DeliveryMethod.HomeDelivery)[0],
              billingSameAsDelivery: true,
            };
    const saved = await put('/api/v1/orders/draft/delivery', delivery, me.headers);
    expect(saved.statusCode, saved.body).toBe(200);
    return me;
  }

  /** Every step done, paid by card on the gateway's page, and placed (customer status 1). */
  async function placeOrder(
    over: CustomerOverrides = {},
    opts: JourneyOptions = {},
    card = TEST_CARDS.approved,
  ) {
    const me = await readyForSummary(over, opts);
    const start = await post('/api/v1/orders/checkout', { acceptTerms: true }, me.headers);
    expect(start.statusCode, start.body).toBe(201);
    const { attemptId, redirectUrl } = body<{ attemptId: string; redirectUrl: string }>(start).data;
    await payOnGatewayPage(redirectUrl, card);
    const done = await post(`/api/v1/orders/checkout/${attemptId}/complete`, {}, me.headers);
    expect(done.statusCode, done.body).toBe(200);
    return { me, attemptId, order: body<{ id: string; orderNumber: string; status: string }>(done).data };
  }

  return {
    get,
    put,
    post,
    placeOrder,
    freeNumbers,
    throughNumbers,
    uploadId,
    readyForAccount,
    readyForDelivery,
    readyForSummary,
  };
}

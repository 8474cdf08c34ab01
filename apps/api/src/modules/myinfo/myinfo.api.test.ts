import { Messages } from '@selfcare/domain';
import { OrderMessages } from '@selfcare/domain/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  giveProfile,
  signedInCustomer,
  type TestApp,
  withRoundTripCookie,
} from '../../test/harness.ts';
import { consentAtMockPass } from '../../test/mockpass.ts';
import { account, type Headers, orderJourney, uniqueNric } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const journey = orderJourney(() => t);

interface Prefill {
  prefill: {
    account: Record<string, unknown>;
    locked: string[];
    address: Record<string, string> | null;
  };
  cis: { code: string; name: string } | null;
}

/** The MyInfo URL, and the headers of the browser that asked (its round-trip cookie included). */
async function start(headers: Headers, ref = '/getStarted') {
  const res = await journey.get(`/api/v1/auth/myinfo/authoriseUrl?ref=${encodeURIComponent(ref)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return { url: new URL(body<{ url: string }>(res).data.url), browser: withRoundTripCookie(headers, res) };
}
const authoriseUrl = async (headers: Headers, ref = '/getStarted') => (await start(headers, ref)).url;

/**
 * The customer signs in to Singpass as `nric`, consents, and comes back through /callback;
 * `browser` is their headers with the round-trip cookie their browser holds.
 */
async function retrieve(headers: Headers, nric: string) {
  const { url, browser } = await start(headers);
  const back = await consentAtMockPass(url.toString(), nric);
  const code = back.searchParams.get('code') as string;
  const state = back.searchParams.get('state') as string;
  return { back, code, state, browser };
}

describe('Retrieve with Myinfo (MockPass MyInfo v3, signed and encrypted)', () => {
  it('sends the customer to MyInfo with a state naming where to come back, bound to them', async () => {
    const me = await journey.throughNumbers();
    const url = await authoriseUrl(me.headers);
    expect(url.pathname).toBe('/myinfo/v3/authorise');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/callback$/);
    expect(url.searchParams.get('attributes')).toContain('uinfin');
    const state = JSON.parse(url.searchParams.get('state') as string);
    expect(state.ref).toBe('/getStarted');
    expect(state.nonce).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const bad = await journey.get('/api/v1/auth/myinfo/authoriseUrl?ref=https://evil.example', me.headers);
    expect(bad.statusCode).toBe(422);
  });

  it('fills step 3 with what MyInfo verified, locks it, needs no ID copy, and finds the employer in CIS', async () => {
    const me = await journey.throughNumbers();
    const { back, code, state, browser } = await retrieve(me.headers, 'S9812379B');
    expect(back.pathname).toBe('/callback');
    expect(JSON.parse(state).ref).toBe('/getStarted');

    const res = await journey.post('/api/v1/auth/myinfo/personData', { code, state }, browser);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(OrderMessages.myinfoRetrieved);
    const { prefill, cis } = body<Prefill>(res).data;
    expect(prefill.account).toMatchObject({
      idNumber: 'S9812379B',
      idType: 1,
      fullName: 'LIM YONG XIANG',
      dateOfBirth: '1980-10-06',
      salutation: 'Mr.',
      contactNumber: '97399245',
      employer: 'HEALTH CARE PTE LTD',
    });
    // MyInfo does not say which of the names is the family name: the customer gives both (ADR 0017).
    expect(prefill.account).not.toHaveProperty('givenName');
    expect(prefill.account).not.toHaveProperty('familyName');
    // Government-verified fields are locked; the mobile number and employer are the person's own.
    expect(prefill.locked).toEqual(expect.arrayContaining(['idNumber', 'idType', 'fullName', 'dateOfBirth']));
    expect(prefill.locked).not.toContain('contactNumber');
    expect(prefill.address).toEqual({
      postalCode: '310123',
      blockNumber: '123',
      roadName: 'LORONG 1 TOA PAYOH',
      building: 'TOA PAYOH VIEW',
      unitNumber: '#12-22',
    });
    // MyInfo's employer is a CIS company: its plans are offered at once.
    expect(cis).toEqual({ code: 'ORCHID', name: 'Orchid Health Group' });
    const offer = await journey.get('/api/v1/orders/offer', me.headers);
    const plans = body<{ plans: { code: string; companyCode: string | null }[] }>(offer).data.plans;
    expect(plans.some((p) => p.companyCode === 'ORCHID')).toBe(true);

    // A refresh finds it in the draft.
    const draft = await journey.get('/api/v1/orders/draft', me.headers);
    expect(body<{ myinfo: { locked: string[] } }>(draft).data.myinfo.locked).toContain('idNumber');

    // Step 3 keeps MyInfo's values whatever the form sends, and asks for no upload.
    const saved = await journey.put(
      '/api/v1/orders/draft/account',
      account({
        fullName: 'Someone Else',
        idNumber: 'S8979373D',
        dateOfBirth: '1990-01-01',
        documents: null,
      }),
      me.headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = body<{ account: Record<string, unknown> }>(saved).data.account;
    expect(stored).toMatchObject({
      fullName: 'LIM YONG XIANG',
      idNumber: 'S9812379B',
      dateOfBirth: '1980-10-06',
      documents: null,
    });
    expect(stored.myinfoVerified).toEqual(prefill.locked);

    // The state works once.
    const again = await journey.post('/api/v1/auth/myinfo/personData', { code, state }, browser);
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(OrderMessages.myinfoRetryFromStart);
  });

  it("refuses another customer's state and a made-up one", async () => {
    const owner = await journey.throughNumbers();
    const other = await journey.throughNumbers();
    const { code, state, browser } = await retrieve(owner.headers, 'S9912374E');
    const stolen = await journey.post('/api/v1/auth/myinfo/personData', { code, state }, other.headers);
    expect(stolen.statusCode).toBe(400);
    const madeUp = await journey.post(
      '/api/v1/auth/myinfo/personData',
      { code, state: JSON.stringify({ ref: '/getStarted', nonce: 'x'.repeat(43) }) },
      browser,
    );
    expect(madeUp.statusCode).toBe(400);
    // The owner's own state still works: the refusals used nothing up.
    const mine = await journey.post('/api/v1/auth/myinfo/personData', { code, state }, browser);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(body<Prefill>(mine).data.cis).toBeNull();
  });

  it('refuses a state whose ref differs from the one issued, as an edited link would carry', async () => {
    const me = await journey.throughNumbers();
    const { url, browser } = await start(me.headers);
    const issued = JSON.parse(url.searchParams.get('state') as string) as { ref: string; nonce: string };
    for (const ref of ['/\\evil.example', '/getStartedNoBill', '/activeSimOnline']) {
      const edited = new URL(url);
      edited.searchParams.set('state', JSON.stringify({ ...issued, ref }));
      const back = await consentAtMockPass(edited.toString(), 'S9812379B');
      expect(JSON.parse(back.searchParams.get('state') as string).ref).toBe(ref);
      const res = await journey.post(
        '/api/v1/auth/myinfo/personData',
        { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
        browser,
      );
      expect(res.statusCode, ref).toBe(400);
      expect(body(res).message).toBe(OrderMessages.myinfoRetryFromStart);
    }
    const draft = await journey.get('/api/v1/orders/draft', me.headers);
    expect(body<{ myinfo: unknown }>(draft).data.myinfo).toBeNull();
  });

  it("refuses a code and state brought back by another browser, even the same customer's", async () => {
    const me = await journey.throughNumbers();
    const { code, state, browser } = await retrieve(me.headers, 'S9812379B');
    const noCookie = await journey.post('/api/v1/auth/myinfo/personData', { code, state }, me.headers);
    expect(noCookie.statusCode).toBe(400);
    // The same customer signed in on a second device, which started a round trip of its own.
    const elsewhere = (await start(me.headers)).browser;
    expect(elsewhere.cookie).not.toBe(browser.cookie);
    const otherBrowser = await journey.post('/api/v1/auth/myinfo/personData', { code, state }, elsewhere);
    expect(otherBrowser.statusCode).toBe(400);
    expect(body(otherBrowser).message).toBe(OrderMessages.myinfoRetryFromStart);
    // The browser that started it still can: the refusals used nothing up.
    const mine = await journey.post('/api/v1/auth/myinfo/personData', { code, state }, browser);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('keeps one round-trip cookie per browser: HttpOnly, SameSite Strict, for the sign-in calls only', async () => {
    const me = await journey.throughNumbers();
    const first = await journey.get('/api/v1/auth/myinfo/authoriseUrl?ref=%2FgetStarted', me.headers);
    const cookie = first.cookies.find((c) => c.name === 'sc_sso');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    const browser = withRoundTripCookie(me.headers, first);
    const second = await journey.get('/api/v1/auth/myinfo/authoriseUrl?ref=%2FgetStarted', browser);
    expect(second.cookies.find((c) => c.name === 'sc_sso')).toBeUndefined();
  });

  it('says details cannot be retrieved when MyInfo refuses the code, and changes nothing', async () => {
    const me = await journey.throughNumbers();
    const { state, browser } = await retrieve(me.headers, 'S9812379B');
    const res = await journey.post(
      '/api/v1/auth/myinfo/personData',
      { code: 'not-a-code-myinfo-gave', state },
      browser,
    );
    expect(res.statusCode).toBe(502);
    expect(body(res).message).toBe(OrderMessages.myinfoUnavailable);
    const draft = await journey.get('/api/v1/orders/draft', me.headers);
    expect(body<{ myinfo: unknown }>(draft).data.myinfo).toBeNull();
  });

  it("says 'Cannot direct to SingPass now!' when MyInfo cannot be reached", async () => {
    const down = await createTestApp({ MYINFO_URL: 'http://127.0.0.1:9' });
    try {
      const me = await orderJourney(() => down).throughNumbers();
      const res = await down.app.inject({
        method: 'GET',
        url: '/api/v1/auth/myinfo/authoriseUrl?ref=%2FgetStarted',
        headers: me.headers,
      });
      expect(res.statusCode).toBe(503);
      expect(body(res).message).toBe('Cannot direct to SingPass now!');
    } finally {
      await down.close();
    }
  });

  it('says at once when the ID number MyInfo gives already has an account, and lets the customer go on without it', async () => {
    // S9812353I has ordered before, as another customer.
    const holder = await signedInCustomer(t);
    await giveProfile(t, holder.id, {
      salutation: 'Mr.',
      givenName: 'Chin Yong',
      familyName: 'Song',
      fullName: 'SONG CHIN YONG',
      dateOfBirth: '1988-10-06',
      contactNumber: holder.phoneNumber,
      idNumber: 'S9812353I',
      idIssueDate: '2010-01-01',
    });
    const me = await journey.throughNumbers();
    const { code, state, browser } = await retrieve(me.headers, 'S9812353I');
    expect((await journey.post('/api/v1/auth/myinfo/personData', { code, state }, browser)).statusCode).toBe(
      200,
    );
    const draft = body<{ myinfo: { idNumberRegistered: boolean } }>(
      await journey.get('/api/v1/orders/draft', me.headers),
    ).data;
    expect(draft.myinfo.idNumberRegistered).toBe(true);
    // The server refuses it all the same.
    const refused = await journey.put(
      '/api/v1/orders/draft/account',
      account({ documents: null }),
      me.headers,
    );
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe(Messages.idTaken);

    // Clearing MyInfo's details leaves step 3 to the customer, who may fill it in by hand.
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/orders/draft/myinfo',
      headers: me.headers,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(body<{ myinfo: unknown; numbers: unknown }>(cleared).data).toMatchObject({
      myinfo: null,
      numbers: expect.anything(),
    });
    const documents = await journey.uploadId(me.headers);
    const byHand = await journey.put(
      '/api/v1/orders/draft/account',
      account({ documents, idNumber: uniqueNric() }),
      me.headers,
    );
    expect(byHand.statusCode, byHand.body).toBe(200);
  });

  it('forgets a step 3 saved from MyInfo with its details, and keeps one typed by hand', async () => {
    const fromMyinfo = await journey.readyForDelivery({}, { myinfo: 'S9912366D' });
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/orders/draft/myinfo',
      headers: fromMyinfo.headers,
    });
    expect(body<{ myinfo: unknown; account: unknown }>(cleared).data).toMatchObject({
      myinfo: null,
      account: null,
    });
    const byHand = await journey.readyForDelivery();
    const kept = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/orders/draft/myinfo',
      headers: byHand.headers,
    });
    expect(body<{ account: { fullName: string } }>(kept).data.account.fullName).toBe('Lim Wei Jie');
  });

  it('is only for a customer who may order', async () => {
    const ordered = await signedInCustomer(t, { status: 1 });
    const res = await journey.get('/api/v1/auth/myinfo/authoriseUrl?ref=%2FgetStarted', ordered.headers);
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/myinfo/authoriseUrl?ref=%2FgetStarted',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

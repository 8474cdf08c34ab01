import { OrderMessages } from '@selfcare/domain/order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myinfoRequests, orderDrafts } from '../../db/schema.ts';
import {
  body,
  createTestApp,
  giveProfile,
  signedInCustomer,
  type TestApp,
  withRoundTripCookie,
} from '../../test/harness.ts';
import { consentAtMockPass } from '../../test/mockpass.ts';
import { fieldErrors, type Headers } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const AUTHORISE = '/api/v1/auth/myinfo/checkCIS/authoriseUrl';
const CHECK = '/api/v1/auth/myinfo/checkCIS';
/**
 * Works at HEALTH CARE PTE LTD, the registered name of Orchid Health Group (a CIS company). MockPass
 * personas no other test orders with: a customer here holds the NRIC on their profile.
 */
const ORCHID_EMPLOYEE = 'S6005054F';
/** MyInfo reports no employer of a scheme company for this person (CLEAR LINK PTE LTD). */
const NOT_AT_A_SCHEME_COMPANY = 'S9912365F';

/** A customer with an active line whose profile (their first order's) carries `nric`. */
async function activeCustomer(nric?: string) {
  const c = await signedInCustomer(t, { status: 2, activated: true });
  await giveProfile(t, c.id, nric ? { idNumber: nric } : {});
  return c;
}
const check = (payload: object, headers: Headers) =>
  t.app.inject({ method: 'POST', url: CHECK, payload, headers });

/** The corporate plans the customer's lines may move to. */
const corporatePlans = async (headers: Headers) =>
  body<{ plans: { code: string; corporate: boolean }[] }>(
    await t.app.inject({ method: 'GET', url: '/api/v1/plan-changes', headers }),
  )
    .data.plans.filter((p) => p.corporate)
    .map((p) => p.code);

/** The MyInfo URL, and the headers of the browser that asked (its round-trip cookie included). */
async function start(headers: Headers) {
  const res = await t.app.inject({ method: 'GET', url: AUTHORISE, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { url: new URL(body<{ url: string }>(res).data.url), browser: withRoundTripCookie(headers, res) };
}

/** The customer signs in to Singpass as `nric` and consents; MyInfo sends them back with these. */
async function roundTrip(headers: Headers, nric: string) {
  const { url, browser } = await start(headers);
  const back = await consentAtMockPass(url.toString(), nric);
  return {
    back,
    code: back.searchParams.get('code') as string,
    state: back.searchParams.get('state') as string,
    browser,
  };
}

describe('CIS eligibility by MyInfo employer, for a customer who already has a line (/profile/checkCIS)', () => {
  it("finds the employer's scheme company; its plans are then offered for a plan change, the order draft untouched", async () => {
    const me = await activeCustomer(ORCHID_EMPLOYEE);
    expect(await corporatePlans(me.headers)).toEqual([]);

    const { back, code, state, browser } = await roundTrip(me.headers, ORCHID_EMPLOYEE);
    expect(back.pathname).toBe('/callback');
    expect(JSON.parse(state).ref).toBe('/profile/checkCIS');

    const res = await check({ code, state }, browser);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(OrderMessages.cisEligible('Orchid Health Group'));
    expect(body<{ company: unknown }>(res).data.company).toEqual({
      code: 'ORCHID',
      name: 'Orchid Health Group',
    });
    // Seen at once, though sessions are cached.
    expect(await corporatePlans(me.headers)).toEqual(['CIS-ORCHID-28']);
    const drafts = await t.ctx.database.db.select().from(orderDrafts).where(eq(orderDrafts.userId, me.id));
    expect(drafts).toEqual([]);

    // The state works once.
    const again = await check({ code, state }, browser);
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(OrderMessages.myinfoRetryFromStart);
  });

  it('issues a state that only this check takes, bound to the customer and their browser', async () => {
    const me = await activeCustomer();
    const { url } = await start(me.headers);
    const nonce = JSON.parse(url.searchParams.get('state') as string).nonce as string;
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [stored] = await t.ctx.database.db
      .select()
      .from(myinfoRequests)
      .where(eq(myinfoRequests.userId, me.id));
    expect(stored).toMatchObject({ ref: '/profile/checkCIS', usedAt: null });
  });

  it("refuses another customer's state, another browser, an edited ref and a made-up state, using nothing up", async () => {
    const owner = await activeCustomer(ORCHID_EMPLOYEE);
    const other = await activeCustomer();
    const { code, state, browser } = await roundTrip(owner.headers, ORCHID_EMPLOYEE);

    // Another customer, in a browser of their own that started a round trip too.
    const otherBrowser = (await start(other.headers)).browser;
    const stolen = await check({ code, state }, otherBrowser);
    expect(stolen.statusCode).toBe(400);
    expect(body(stolen).message).toBe(OrderMessages.myinfoRetryFromStart);
    // Another customer in the owner's browser (the cookie alone is not enough).
    const sameBrowser = await check({ code, state }, { ...other.headers, cookie: browser.cookie });
    expect(sameBrowser.statusCode).toBe(400);
    // The owner without the browser that started it.
    expect((await check({ code, state }, owner.headers)).statusCode).toBe(400);
    // The same nonce with another page as the place to return to (an edited link).
    const issued = JSON.parse(state) as { ref: string; nonce: string };
    const edited = await check({ code, state: JSON.stringify({ ...issued, ref: '/getStarted' }) }, browser);
    expect(edited.statusCode).toBe(400);
    const madeUp = await check(
      { code, state: JSON.stringify({ ref: '/profile/checkCIS', nonce: 'x'.repeat(43) }) },
      browser,
    );
    expect(madeUp.statusCode).toBe(400);
    expect(await corporatePlans(other.headers)).toEqual([]);
    expect(await corporatePlans(owner.headers)).toEqual([]);

    // The owner's own state still works.
    const mine = await check({ code, state }, browser);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await corporatePlans(other.headers)).toEqual([]);
  });

  it("refuses a Singpass login that is not the customer's own, and unlocks nothing", async () => {
    // A friend's Singpass, at a scheme company: their employer is not the customer's.
    const me = await activeCustomer();
    const { code, state, browser } = await roundTrip(me.headers, ORCHID_EMPLOYEE);
    const res = await check({ code, state }, browser);
    expect([res.statusCode, body(res).message]).toEqual([422, OrderMessages.myinfoNotYou]);
    expect(await corporatePlans(me.headers)).toEqual([]);
  });

  it('says "Not eligible for CIS" when the employer is no scheme company\'s, and changes nothing', async () => {
    const me = await activeCustomer(NOT_AT_A_SCHEME_COMPANY);
    const { code, state, browser } = await roundTrip(me.headers, NOT_AT_A_SCHEME_COMPANY);
    const res = await check({ code, state }, browser);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe(OrderMessages.notEligibleCis);
    expect(await corporatePlans(me.headers)).toEqual([]);
  });

  it('says the details cannot be retrieved when MyInfo refuses the code, and changes nothing', async () => {
    const me = await activeCustomer();
    const { state, browser } = await roundTrip(me.headers, ORCHID_EMPLOYEE);
    const res = await check({ code: 'not-a-code-myinfo-gave', state }, browser);
    expect(res.statusCode).toBe(502);
    expect(body(res).message).toBe(OrderMessages.myinfoCisUnavailable);
    expect(await corporatePlans(me.headers)).toEqual([]);
  });

  it('checks the input with the shared schema', async () => {
    const me = await activeCustomer();
    const { browser } = await start(me.headers);
    const res = await check({ code: '', state: 'x'.repeat(1001) }, browser);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(res))).toEqual(expect.arrayContaining(['code', 'state']));
  });

  it('is only for an active customer on their own main line', async () => {
    const sub = await signedInCustomer(t, { status: 2, activated: true, isMainLine: false });
    const ordered = await signedInCustomer(t, { status: 1 });
    const ordering = await signedInCustomer(t, { status: 0 });
    const owner = await activeCustomer();
    const { code, state } = await roundTrip(owner.headers, ORCHID_EMPLOYEE);
    for (const who of [sub, ordered, ordering]) {
      const url = await t.app.inject({ method: 'GET', url: AUTHORISE, headers: who.headers });
      expect(url.statusCode).toBe(403);
      expect(url.cookies.find((c) => c.name === 'sc_sso')).toBeUndefined();
      expect((await check({ code, state }, who.headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: AUTHORISE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: CHECK, payload: { code, state } })).statusCode).toBe(
      401,
    );
  });

  it("says 'Cannot direct to SingPass now!' when MyInfo cannot be reached", async () => {
    const down = await createTestApp({ MYINFO_URL: 'http://127.0.0.1:9' });
    try {
      const me = await signedInCustomer(down, { status: 2, activated: true });
      const res = await down.app.inject({ method: 'GET', url: AUTHORISE, headers: me.headers });
      expect(res.statusCode).toBe(503);
      expect(body(res).message).toBe(OrderMessages.singpassUnavailable);
    } finally {
      await down.close();
    }
  });
});

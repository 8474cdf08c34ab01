import { OrderMessages } from '@selfcare/domain/order';
import { ProductMessages } from '@selfcare/domain/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { fieldErrors, type Headers, orderJourney, planStep } from '../../test/order-journey.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, put } = orderJourney(() => t);
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

  it('refuses an add-on the chosen plan does not take, on its field, and saves nothing', async () => {
    const me = await signedInCustomer(t);
    const offer = body<{ addons: { code: string; planCodes: string[] | null }[] }>(
      await get('/api/v1/orders/offer', me.headers),
    ).data;
    // The catalog's rule: Extra 20GB is for the plans whose data runs out, not Max 55's unlimited.
    expect(offer.addons.find((a) => a.code === 'DATA-20')?.planCodes).not.toContain('MAX-55');
    const res = await put(
      '/api/v1/orders/draft/plan',
      {
        typeSim: 0,
        lines: [
          { planCode: 'VALUE-20', addonCodes: ['DATA-20'] },
          { planCode: 'MAX-55', addonCodes: ['VOICEMAIL', 'DATA-20'] },
        ],
      },
      me.headers,
    );
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual({ 'lines.1.addonCodes': ProductMessages.notForPlan });
    expect(body<{ plan: unknown }>(await get('/api/v1/orders/draft', me.headers)).data.plan).toBeNull();
  });

  it('refuses more lines than the customer may still hold', async () => {
    const me = await signedInCustomer(t);
    const res = await put('/api/v1/orders/draft/plan', planStep(11), me.headers);
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual({ lines: OrderMessages.tooManyLines(10) });
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

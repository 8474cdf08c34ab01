import { describe, expect, it } from 'vitest';
import { DEMO_ROLLOVER_SERVICE, DEMO_SERVICES } from '../../../sandbox/src/mvne/usage/demo-services.ts';
import { MVNE_PLANS } from '../../../sandbox/src/mvne/usage/plans.ts';
import { DEMO_PLANS } from '../modules/catalog/catalog.seed.ts';
import { DEMO_ORDERS } from './seed-orders.ts';

/**
 * The sandbox MVNE is provisioned with the demo operator's offerings and live lines (ADR 0022): what
 * it rates and what our catalog sells must be the same, or the dashboards show another plan's buckets.
 */
describe('the demo network matches the demo data', () => {
  it('rates every plan we sell with the allowances our catalog states', () => {
    for (const plan of DEMO_PLANS) {
      const { dataGb, talkMinutes, sms, roamingGb } = plan;
      expect(MVNE_PLANS[plan.code], plan.code).toMatchObject({ dataGb, talkMinutes, sms, roamingGb });
    }
    expect(Object.keys(MVNE_PLANS).sort()).toEqual(DEMO_PLANS.map((p) => p.code).sort());
  });

  it("has a live service, on the line's plan, for every active demo line, rollover as the seed sets it", () => {
    const active = DEMO_ORDERS.filter((o) => o.stage === 'active').flatMap((o) => o.lines);
    expect(
      DEMO_SERVICES.map((s) => ({ id: s.id, planCode: s.planCode })).sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual(
      active
        .map((l) => ({ id: `DEMO-${l.msisdn}`, planCode: l.planCode }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(active.filter((l) => l.rollover).map((l) => `DEMO-${l.msisdn}`)).toEqual([DEMO_ROLLOVER_SERVICE]);
  });
});

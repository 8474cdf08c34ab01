import type { LineRoaming, RoamingView } from '@selfcare/domain/contracts/products';
import { ProductMessages } from '@selfcare/domain/products';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema.ts';
import { until } from '../../test/fulfilment.ts';
import { body, messagesFor, signedInCustomer } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { call, lineId, me, other, ownerId, serviceId, t, useProductsFixture } from '../../test/products.ts';

/** Roaming per line: on or off and the monthly spend cap, told to the MVNE, and the cap's notices. */
useProductsFixture();

const MVNE = `${inject('sandboxUrl')}/mvne/tmf-api`;
const atMvne = async () => {
  const res = await fetch(`${MVNE}/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
    headers: { authorization: 'Bearer sandbox-mvne-key' },
  });
  const service = (await res.json()) as { serviceCharacteristic: { name: string; value: string }[] };
  return Object.fromEntries(service.serviceCharacteristic.map((c) => [c.name, c.value]));
};
const put = (payload: object, headers = me, line = lineId) =>
  call('PUT', `/products/roaming/${line}`, headers, payload);

describe('roaming on a line', () => {
  it('is on with no cap until set; switched off and capped, the MVNE is told', async () => {
    const view = body<RoamingView>(await call('GET', '/products/roaming', me)).data;
    expect(view.lines.find((l) => l.lineId === lineId)).toMatchObject({
      enabled: true,
      capCents: null,
      capState: 'none',
    });
    const off = await put({ enabled: false, capCents: 5000 });
    expect(off.statusCode, off.body).toBe(200);
    expect(body(off).message).toBe('Data updated successfully');
    expect(body<LineRoaming>(off).data).toMatchObject({ enabled: false, capCents: 5000 });
    expect(
      await until(atMvne, (c) => c.roamingEnabled === 'false' && c.roamingSpendCapCents === '5000'),
    ).toMatchObject({ roamingEnabled: 'false', roamingSpendCapCents: '5000' });
    // Each part on its own: back on, the cap kept; then the cap removed.
    expect(body<LineRoaming>(await put({ enabled: true })).data).toMatchObject({
      enabled: true,
      capCents: 5000,
    });
    expect(body<LineRoaming>(await put({ capCents: null })).data).toMatchObject({
      enabled: true,
      capCents: null,
    });
    expect(
      await until(atMvne, (c) => c.roamingEnabled === 'true' && c.roamingSpendCapCents === ''),
    ).toMatchObject({ roamingEnabled: 'true', roamingSpendCapCents: '' });
  });

  it("refuses a cap out of bounds, another customer's line and a sub-line login, changing nothing", async () => {
    for (const capCents of [999, 100_001, 12.5]) {
      const res = await put({ capCents });
      expect(res.statusCode, String(capCents)).toBe(422);
    }
    expect(body(await put({ capCents: 500 })).message).toBe(ProductMessages.capRange);
    expect((await put({ enabled: false }, other)).statusCode).toBe(404);
    const sub = await signedInCustomer(t, {
      isMainLine: false,
      mainUserId: ownerId,
      status: 2,
      activated: true,
    });
    expect((await put({ enabled: false }, sub.headers)).statusCode).toBe(403);
    const view = body<RoamingView>(await call('GET', '/products/roaming', me)).data;
    expect(view.lines.find((l) => l.lineId === lineId)).toMatchObject({ enabled: true, capCents: null });
  });
});

describe('the roaming cap', () => {
  it('sends one SMS and one email at 80% and at the cap in a month, from the roaming charged', async () => {
    await put({ capCents: 1000 });
    const [line] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId));
    const msisdn = line?.msisdn as string;
    const today = new Date(t.ctx.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const roam = (cents: number) =>
      t.ctx.database.pool.query(
        `INSERT INTO usage_daily (line_id, day, kind, direction, scope, country, events, volume, out_of_bundle, charge_cents)
         VALUES ($1, $2, 'data', '', 'roaming', 'JP', 1, 1048576, 1048576, $3)
         ON CONFLICT ON CONSTRAINT usage_daily_pkey DO UPDATE SET charge_cents = usage_daily.charge_cents + EXCLUDED.charge_cents`,
        [lineId, today, cents],
      );
    const capTexts = async () =>
      (await messagesFor(`+65${msisdn}`)).filter((m) => /monthly cap/.test(m.text)).map((m) => m.text);
    await roam(700);
    expect(await t.ctx.lineRoaming.checkCaps()).toBe(0);
    await roam(150);
    expect(await t.ctx.lineRoaming.checkCaps()).toBe(1);
    expect(await t.ctx.lineRoaming.checkCaps()).toBe(0);
    const warned = await until(capTexts, (m) => m.length === 1);
    expect(warned[0]).toMatch(/has reached 80% of your monthly cap of \$10\.00/);
    await roam(200);
    expect(await t.ctx.lineRoaming.checkCaps()).toBe(1);
    const reached = await until(capTexts, (m) => m.length === 2);
    expect(
      reached.some((m) =>
        /reached your monthly cap of \$10\.00\. Roaming data is stopped until the 1st/.test(m),
      ),
    ).toBe(true);
    // The account holder's email says the same, once each.
    const [owner] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
    const capEmails = async () =>
      (await messagesFor(owner?.email as string)).filter((m) => /roaming cap/i.test(m.subject ?? ''));
    const emails = await until(capEmails, (m) => m.length === 2);
    expect(emails.map((m) => m.subject).sort()).toEqual(
      [`80% of your roaming cap used on ${msisdn}`, `Roaming cap reached on ${msisdn}`].sort(),
    );
    expect(emails.find((m) => /reached/.test(m.subject ?? ''))?.text).toMatch(
      /reached your monthly cap of \$10\.00\. Roaming data is stopped until the 1st/,
    );
    expect(emails.every((m) => (m.copies ?? 1) === 1)).toBe(true);
    const view = body<RoamingView>(await call('GET', '/products/roaming', me)).data;
    expect(view.lines.find((l) => l.lineId === lineId)).toMatchObject({
      spentCents: 1050,
      capState: 'reached',
    });
  });
});

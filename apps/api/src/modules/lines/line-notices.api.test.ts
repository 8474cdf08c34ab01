import { randomUUID } from 'node:crypto';
import { formatSgMobile } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { NumberChoices } from '@selfcare/domain/contracts/line-services';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema.ts';
import { until } from '../../test/fulfilment.ts';
import { body, type InboxMessage, messagesFor, TEST_PASSWORD, waitForMessage } from '../../test/harness.ts';
import { call, lineId, me, ownerId, t, useProductsFixture } from '../../test/products.ts';
import { signedInStaff } from '../../test/staff.ts';

/**
 * Every change to a line is told to the account (ADR 0038): a notice of a plan change or a monthly
 * product, and a security alert, by email and SMS, of a suspension, its end, a lost SIM's block, a
 * number change and a termination. Each arrives once, after the change, with what to do if it was
 * not them, and never a secret.
 */
useProductsFixture();

let email: string;
let phone: string;
let msisdn: string;
beforeAll(async () => {
  const [u] = await t.ctx.database.db.select().from(users).where(eq(users.id, ownerId));
  email = u?.email as string;
  phone = `+65${u?.phoneNumber}`;
  const [line] = await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId));
  msisdn = line?.msisdn as string;
});

/** Waits for the one message `match` accepts, lets any second copy arrive, and answers it. */
async function once(to: string, match: (m: InboxMessage) => boolean) {
  const found = await waitForMessage(to, match);
  await new Promise((r) => setTimeout(r, 1500));
  const all = (await messagesFor(to)).filter(match);
  expect(all).toHaveLength(1);
  expect(all[0]?.copies ?? 1).toBe(1);
  return found;
}
const subject = (re: RegExp) => (m: InboxMessage) => re.test(m.subject ?? '');
const sms = (re: RegExp) => (m: InboxMessage) => m.channel === 'sms' && re.test(m.text);

describe('notices of changes a customer asked for', () => {
  it('a plan change is told once: from which plan to which, on what day, and its price', async () => {
    const res = await call('POST', '/plan-changes', me, { lineId, planCode: 'PLUS-35', priceCents: 3500 });
    expect(res.statusCode, res.body).toBe(201);
    await call('POST', '/plan-changes', me, { lineId, planCode: 'PLUS-35', priceCents: 3500 });
    const notice = await once(email, (m) => /plan of your line .* changes from/.test(m.text));
    expect(notice.subject).toBe(`A change to your line ${formatSgMobile(msisdn)}`);
    expect(notice.text).toContain('to Plus 35 on');
    expect(notice.text).toContain('$35.00 a month');
    expect(notice.text).toContain('If this was not you, call us');
  });

  it('a monthly add-on, not paid now, is told once with what it costs on the bill', async () => {
    const requestKey = randomUUID();
    const buy = () =>
      call('POST', '/products', me, { code: 'ROAM-ASIA-5', lineId, requestKey, priceCents: 1000 });
    const res = await buy();
    expect(res.statusCode, res.body).toBeLessThan(300);
    await buy();
    const notice = await once(email, (m) => /is added to your line/.test(m.text));
    expect(notice.text).toMatch(/charged on your bill at \$\d+\.\d\d a month/);
  });
});

describe('security alerts of changes to a line', () => {
  it('suspending, and support unsuspending, are each told once by email and SMS', async () => {
    expect(
      (await call('POST', `/line-services/${lineId}/suspension`, me, { reason: 'travel' })).statusCode,
    ).toBe(200);
    await call('POST', `/line-services/${lineId}/suspension`, me, { reason: 'travel' });
    const alert = await once(email, subject(/^Your line was suspended/));
    expect(alert.text).toContain(`Your line ${formatSgMobile(msisdn)} was suspended on`);
    expect(alert.text).toContain('If this was not you, call us at once on');
    await once(phone, sms(/was suspended on/));

    const agent = await signedInStaff(t, 'agent');
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/lines/${lineId}/unsuspend`,
      headers: agent.headers,
      payload: { reason: 'Customer back from travel, called support' },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    // Support did it, at the customer's call: the alert does not say "If it was you".
    const back = await once(email, subject(/^Your line was unsuspended/));
    expect(back.text).toContain(
      'Our support team made this change. If you did not ask for it, call us at once on',
    );
    expect(back.text).not.toContain('If it was you');
    const text = await once(phone, sms(/was unsuspended on/));
    expect(text.text).toContain('Our support team made this change. Did not ask for it? Call');
  });

  it('a number change is told once it is done: the old number and the new', async () => {
    const offered = body<NumberChoices>(await call('GET', '/number-changes/numbers?contains=8', me)).data;
    const to = offered.numbers[0] as string;
    expect((await call('PUT', `/number-changes/${lineId}/hold`, me, { msisdn: to })).statusCode).toBe(200);
    expect((await call('POST', `/number-changes/${lineId}`, me, { msisdn: to })).statusCode).toBe(200);
    await until(
      async () =>
        (await t.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, lineId)))[0],
      (l) => l?.msisdn === to,
    );
    const alert = await once(email, subject(/^Your line’s number was changed/));
    expect(alert.text).toContain(`was changed to ${formatSgMobile(to)}`);
    msisdn = to;
  });

  it('a lost SIM blocked is told once', async () => {
    const res = await call('POST', '/lost-sims', me, { lineId });
    expect(res.statusCode, res.body).toBe(200);
    const alert = await once(email, subject(/^Your SIM was blocked/));
    expect(alert.text).toContain('blocked as lost or stolen');
  });

  it('a termination asked for is told once, with its day', async () => {
    const effectiveOn = sgDate(new Date(t.ctx.clock.now().getTime() + 10 * 86_400_000));
    const res = await call('POST', '/terminations', me, {
      scope: 'account',
      effectiveOn,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const alert = await once(email, subject(/^Your line is ending/));
    expect(alert.text).toContain('was asked to end on');
    expect(alert.text).not.toContain(TEST_PASSWORD);
  });
});

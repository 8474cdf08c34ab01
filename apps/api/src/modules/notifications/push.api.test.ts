import { PushMessages } from '@selfcare/domain/schemas/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  linkToken,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { browserAllowingPush, pushesTo, sandboxSubscription } from '../../test/push.ts';
import { sendPushJob } from './notification.jobs.ts';

/**
 * Web Push (ADR 0060) through the sandbox's push service, which checks each request's VAPID
 * signature and decrypts it with the browser's keys: nothing without the App notifications consent;
 * a subscription naming another address than a push service's is refused (the portal would post to
 * it); a customer's browsers are theirs alone; a subscription its service says is gone is forgotten.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
const devicesOf = async (c: Customer) =>
  body<{ id: string; name: string; endpointEnd: string }[]>(
    await t.app.inject({ method: 'GET', url: '/api/v1/push/devices', headers: c.headers }),
  ).data;

/** A new session of the customer's, as from another browser. */
async function signedInAgain(c: Customer): Promise<Customer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: c.email, password: TEST_PASSWORD },
  });
  const { token } = body<{ token: string }>(res).data;
  return { ...c, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Waits until every push job queued so far for `userId` has finished, whatever came of it. Its own
 * only: an earlier file's jobs in this worker's database (one its app left running as it closed) are
 * not this test's to wait for.
 */
async function pushJobsDone(userId: string) {
  await expect
    .poll(
      async () =>
        (
          await t.ctx.database.pool.query(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('notification.send-push', 'notification.push-to-device')
               AND data->>'userId' = $1 AND state < 'completed'`,
            [userId],
          )
        ).rows[0]?.n,
      { timeout: 15_000 },
    )
    .toBe(0);
}

const message = {
  title: 'Your bill for November is ready',
  body: 'S$25.00 is due on 14 December.',
  link: '/bills',
};

describe('pushing to a customer', () => {
  it('reaches each browser they allowed, decrypted, and is kept once in their inbox', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const phone = await browserAllowingPush(t, c);
    const laptop = await sandboxSubscription();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: c.headers,
      payload: { endpoint: laptop.endpoint, keys: laptop.keys },
    });
    expect(await devicesOf(c)).toHaveLength(2);
    expect((await devicesOf(c)).map((d) => d.name)).toContain('Chrome (Android)');
    await t.ctx.queue.send(sendPushJob, { userId: c.id, message });
    await pushJobsDone(c.id);
    for (const sub of [phone.sub, laptop])
      expect((await pushesTo(sub.id)).map((m) => JSON.parse(m.text))).toEqual([message]);
    const inbox = body<{ messages: { channel: string; title: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: c.headers }),
    ).data.messages;
    expect(inbox.filter((m) => m.channel === 'push')).toEqual([
      expect.objectContaining({ title: message.title }),
    ]);
  });

  it('sends nothing, and keeps nothing, without the App notifications consent', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const { sub } = await browserAllowingPush(t, c, false);
    await t.ctx.queue.send(sendPushJob, { userId: c.id, message });
    await pushJobsDone(c.id);
    expect(await pushesTo(sub.id)).toEqual([]);
    const inbox = body<{ messages: unknown[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: c.headers }),
    ).data.messages;
    expect(inbox).toEqual([]);
  });

  it('sends nothing to a browser whose customer withdrew the consent while it was being tried again', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const { sub } = await browserAllowingPush(t, c);
    const faults = `${inject('sandboxUrl')}/sandbox/api/faults`;
    await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'push', mode: 'down', seconds: 60, match: sub.id }),
    });
    await t.ctx.queue.send(sendPushJob, { userId: c.id, message });
    // Tried, refused by the push service, waiting for its retry.
    await expect
      .poll(
        async () =>
          (
            await t.ctx.database.pool.query(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notification.push-to-device' AND data->>'userId' = $1 AND retry_count > 0`,
              [c.id],
            )
          ).rows[0]?.n,
        { timeout: 15_000 },
      )
      .toBe(1);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: c.headers,
      payload: {
        salutation: 'Ms.',
        contactNumber: '91234567',
        marketing: {
          provider: { email: false, sms: false, push: false },
          thirdParty: { email: false, sms: false, push: false },
        },
      },
    });
    await fetch(`${faults}?system=push&match=${sub.id}`, { method: 'DELETE' });
    await pushJobsDone(c.id);
    expect(await pushesTo(sub.id)).toEqual([]);
  });

  it('forgets a browser whose push service says its subscription is gone', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const { sub } = await browserAllowingPush(t, c);
    await fetch(`${inject('sandboxUrl')}/push/api/subscriptions/${sub.id}`, { method: 'DELETE' });
    await t.ctx.queue.send(sendPushJob, { userId: c.id, message });
    await pushJobsDone(c.id);
    expect(await devicesOf(c)).toEqual([]);
  });
});

describe("a customer's browsers", () => {
  it('are forgotten by a password reset: whoever turned one on with the old password hears nothing more', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    await browserAllowingPush(t, c);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotPassword', payload: { email: c.email } });
    const mail = await waitForMessage(c.email, (m) => m.subject?.includes('Reset') ?? false);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resetPassword',
      payload: {
        token: linkToken(mail.text, '/resetPassword'),
        password: 'Merlion$Park21',
        confirmPassword: 'Merlion$Park21',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: c.email, password: 'Merlion$Park21' },
    });
    const headers = { authorization: `Bearer ${body<{ token: string }>(again).data.token}` };
    expect(
      body<unknown[]>(await t.app.inject({ method: 'GET', url: '/api/v1/push/devices', headers })).data,
    ).toEqual([]);
  });

  it("stop with a sign-out there: the browser signing out is forgotten, the account's others and another's are not", async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const { sub: phone } = await browserAllowingPush(t, c);
    const laptop = await sandboxSubscription();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: c.headers,
      payload: { endpoint: laptop.endpoint, keys: laptop.keys },
    });
    const other = await signedInCustomer(t, { status: 2, activated: true });
    await browserAllowingPush(t, other);
    const logout = (who: Customer, payload?: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: who.headers, payload });
    // Another customer signing out cannot take the account's browser by naming its endpoint.
    expect((await logout(other, { pushEndpoint: phone.endpoint })).statusCode).toBe(200);
    expect(await devicesOf(c)).toHaveLength(2);
    expect(await devicesOf(await signedInAgain(other))).toHaveLength(1);

    expect((await logout(c, { pushEndpoint: phone.endpoint })).statusCode).toBe(200);
    const again = await signedInAgain(c);
    expect((await devicesOf(again)).map((d) => d.endpointEnd)).toEqual([laptop.endpoint.slice(-24)]);
    // A sign-out from a browser without a subscription, as before, changes nothing else; one naming
    // something that is no endpoint still signs out.
    expect((await logout(again)).statusCode).toBe(200);
    const third = await signedInAgain(c);
    expect((await logout(third, { pushEndpoint: 'javascript:alert(1)' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/push/devices', headers: third.headers })).statusCode,
    ).toBe(401);
    await t.ctx.queue.send(sendPushJob, { userId: c.id, message });
    await pushJobsDone(c.id);
    expect(await pushesTo(phone.id)).toEqual([]);
    expect(await pushesTo(laptop.id)).toHaveLength(1);
  });

  it('are at most ten: an eleventh replaces the oldest', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const subs = [];
    for (let i = 0; i < 11; i++) {
      const sub = await sandboxSubscription();
      subs.push(sub);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/devices',
        headers: c.headers,
        payload: { endpoint: sub.endpoint, keys: sub.keys },
      });
    }
    const kept = await devicesOf(c);
    expect(kept).toHaveLength(10);
    expect(kept.map((d) => (d as unknown as { endpointEnd: string }).endpointEnd)).not.toContain(
      subs[0]?.endpoint.slice(-24),
    );
  });

  it('refuse a subscription whose address is not a push service the portal knows, keeping nothing', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const { keys } = await sandboxSubscription();
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/',
      // The sandbox is a push service only at its push endpoints.
      `${inject('sandboxUrl')}/sandbox/api/bank/settle`,
      'https://fcm.googleapis.com.evil.example/send/x',
      `http://localhost:${new URL(t.ctx.config.PUBLIC_URL).port}/api/v1/auth/logout`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/devices',
        headers: c.headers,
        payload: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(422);
      expect(body(res).message).toBe(PushMessages.unknownService);
    }
    const badKeys = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: c.headers,
      payload: { endpoint: (await sandboxSubscription()).endpoint, keys: { p256dh: 'short', auth: 'x' } },
    });
    expect(badKeys.statusCode).toBe(422);
    expect(await devicesOf(c)).toEqual([]);
  });

  it("are the customer's own: another neither lists nor removes them; a browser signed in to another account moves to it", async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const other = await signedInCustomer(t, { status: 2, activated: true });
    const { device, sub } = await browserAllowingPush(t, c);
    expect(await devicesOf(other)).toEqual([]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/push/devices/${device.id}`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe(PushMessages.notFound);
    expect(await devicesOf(c)).toHaveLength(1);

    // Its endpoint without its keys takes nothing.
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: other.headers,
      payload: { endpoint: sub.endpoint, keys: (await sandboxSubscription()).keys },
    });
    expect(stolen.statusCode).toBe(409);
    expect(await devicesOf(c)).toHaveLength(1);
    // The same browser, now signed in to the other account, subscribes again.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: other.headers,
      payload: { endpoint: sub.endpoint, keys: sub.keys },
    });
    expect(await devicesOf(c)).toEqual([]);
    expect(await devicesOf(other)).toHaveLength(1);

    const [mine] = await devicesOf(other);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/push/devices/${mine?.id}`,
      headers: other.headers,
    });
    expect(body(removed).message).toBe(PushMessages.deviceRemoved);
    expect(await devicesOf(other)).toEqual([]);
  });

  it('are subscribed with one VAPID key, the same on every call and every start', async () => {
    const key = async (app: TestApp) => {
      const c = await signedInCustomer(app, { status: 2, activated: true });
      const res = await app.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: c.headers });
      return body<{ publicKey: string }>(res).data.publicKey;
    };
    const first = await key(t);
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    const again = await createTestApp();
    try {
      expect(await key(again)).toBe(first);
    } finally {
      await again.close();
    }
  });
});

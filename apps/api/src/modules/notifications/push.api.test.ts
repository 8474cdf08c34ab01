import { PushMessages } from '@selfcare/domain/schemas/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
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
  body<{ id: string; name: string }[]>(
    await t.app.inject({ method: 'GET', url: '/api/v1/push/devices', headers: c.headers }),
  ).data;

/** Waits until every push job queued so far has finished, whatever came of it. */
async function pushJobsDone() {
  await expect
    .poll(
      async () =>
        (
          await t.ctx.database.pool.query(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('notification.send-push', 'notification.push-to-device') AND state < 'completed'`,
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
    await pushJobsDone();
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
    await pushJobsDone();
    expect(await pushesTo(sub.id)).toEqual([]);
    const inbox = body<{ messages: unknown[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: c.headers }),
    ).data.messages;
    expect(inbox).toEqual([]);
  });

  it('forgets a browser whose push service says its subscription is gone', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const { sub } = await browserAllowingPush(t, c);
    await fetch(`${inject('sandboxUrl')}/push/api/subscriptions/${sub.id}`, { method: 'DELETE' });
    await t.ctx.queue.send(sendPushJob, { userId: c.id, message });
    await pushJobsDone();
    expect(await devicesOf(c)).toEqual([]);
  });
});

describe("a customer's browsers", () => {
  it('refuse a subscription whose address is not a push service the portal knows, keeping nothing', async () => {
    const c = await signedInCustomer(t);
    const { keys } = await sandboxSubscription();
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/',
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
    const c = await signedInCustomer(t);
    const other = await signedInCustomer(t);
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
      const c = await signedInCustomer(app);
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

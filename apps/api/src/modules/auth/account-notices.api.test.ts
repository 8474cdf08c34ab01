import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { queueNotice } from './account-notices.ts';

/**
 * A notice is told once per event (ADR 0038, 0061): the same event queued again, by a change run a
 * second time or a job retried after it queued it, queues no second email or SMS.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a security alert', () => {
  it('queued twice for one event goes once, by email and by SMS; another event goes too', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const alert = (key: string) =>
      t.ctx.database.transaction((tx) =>
        queueNotice(tx, { queue: t.ctx.queue, brand: t.ctx.brand, defaultLocale: 'en' }, c.id, key, {
          template: 'security-alert',
          event: 'card-changed',
          detail: 'VISA •••• 4242',
          at: '30 November 2026, 6:20 pm',
          link: 'https://selfcare.example.sg/bills',
        }),
      );
    await alert('card:1');
    await alert('card:1');
    const queued = async () =>
      (
        await t.ctx.database.pool.query<{ name: string; n: number }>(
          `SELECT name, count(*)::int AS n FROM pgboss.job
            WHERE (name = 'notification.send-email' AND data->>'to' = $1)
               OR (name = 'notification.send-sms' AND data->>'to' = $2)
            GROUP BY name ORDER BY name`,
          [c.email, `+65${c.phoneNumber}`],
        )
      ).rows;
    expect(await queued()).toEqual([
      { name: 'notification.send-email', n: 1 },
      { name: 'notification.send-sms', n: 1 },
    ]);
    await alert('card:2');
    expect(await queued()).toEqual([
      { name: 'notification.send-email', n: 2 },
      { name: 'notification.send-sms', n: 2 },
    ]);
  });
});

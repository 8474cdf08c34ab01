import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inject } from '../test/inject.ts';
import { defineJob, jobIdOf, oneMvneCall, Queue } from './queue.ts';

let queue: Queue;
beforeAll(async () => {
  // Expired jobs are looked for every second, not every 30, so a lost job's return is seen quickly.
  queue = new Queue(inject('dbUrl'), 0.5, { batchSize: 10, maintenanceIntervalSeconds: 1 });
  await queue.start([]);
});
afterAll(() => queue.stop());

describe('the job worker', () => {
  it('runs a burst of jobs at once, and retries only the one that failed', async () => {
    const job = defineJob({
      name: `test.batch-${randomUUID().slice(0, 8)}`,
      payload: z.object({ n: z.number() }),
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
    });
    await queue.define(job);
    const runs: { n: number; at: number }[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    let failedOnce = false;
    // All six are queued before the worker starts, so its first poll finds them all: sent while it
    // polls, a busy machine can hand the last one to the next poll.
    const ids = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => queue.send(job, { n })));
    await queue.work(job, async ({ n }) => {
      inFlight++;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      runs.push({ n, at: Date.now() });
      await new Promise((r) => setTimeout(r, 50));
      inFlight--;
      if (n === 3 && !failedOnce) {
        failedOnce = true;
        throw new Error('the mail server hung up');
      }
    });

    await expect
      .poll(
        async () => {
          const states = await Promise.all(ids.map((id) => queue.boss.getJobById(job.name, id as string)));
          return states.map((s) => s?.state);
        },
        { timeout: 15_000 },
      )
      .toEqual(['completed', 'completed', 'completed', 'completed', 'completed', 'completed']);
    // Six jobs ran side by side in one poll, not one a poll; only the failed one ran again.
    expect(mostAtOnce).toBe(6);
    expect(runs.map((r) => r.n).sort()).toEqual([0, 1, 2, 3, 3, 4, 5]);
    const retried = await queue.boss.getJobById(job.name, ids[3] as string);
    expect(retried?.retryCount).toBe(1);
  });

  it('hands a job out again once its expiry passes, when the worker holding it died', async () => {
    const job = defineJob({
      name: `test.lost-${randomUUID().slice(0, 8)}`,
      payload: z.object({ n: z.number() }),
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 1,
    });
    await queue.define(job);
    const id = await queue.send(job, { n: 1 });
    // A worker takes the job and dies: it never completes nor fails it.
    const [taken] = await queue.boss.fetch(job.name);
    expect(taken?.id).toBe(id);
    const takenAt = Date.now();
    expect((await queue.boss.getJobById(job.name, id as string))?.state).toBe('active');

    let again: { id: string } | undefined;
    await expect
      .poll(
        async () => {
          [again] = await queue.boss.fetch(job.name);
          return again?.id;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(id);
    const seconds = (Date.now() - takenAt) / 1000;
    // Its expiry (1 s), the next maintenance (1 s) and its retry delay (1–2 s): not a quarter of an hour.
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThan(10);
    const retried = await queue.boss.getJobById(job.name, id as string);
    expect(retried?.retryCount).toBe(1);
    await queue.boss.complete(job.name, id as string);
  });

  it("brings an existing queue's policy up to date", async () => {
    const name = `test.policy-${randomUUID().slice(0, 8)}`;
    const payload = z.object({});
    await queue.define(
      defineJob({ name, payload, retryLimit: 8, retryDelaySeconds: 5, expireInSeconds: 900 }),
    );
    await queue.define(
      defineJob({ name, payload, retryLimit: 3, retryDelaySeconds: 2, expireInSeconds: 60 }),
    );
    const stored = await queue.boss.getQueue(name);
    expect(stored).toMatchObject({ retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 60 });
  });

  it('gives a job that calls the MVNE its timeout plus room, from the setting', async () => {
    const slow = new Queue(inject('dbUrl'), 0.5, { limits: { mvneTimeoutMs: 20_000 } });
    await slow.start([]);
    try {
      const name = `test.mvne-${randomUUID().slice(0, 8)}`;
      await slow.define(
        defineJob({
          name,
          payload: z.object({}),
          retryLimit: 1,
          retryDelaySeconds: 1,
          expireInSeconds: oneMvneCall,
        }),
      );
      expect((await slow.boss.getQueue(name))?.expireInSeconds).toBe(50);
    } finally {
      await slow.stop();
    }
  });
});

describe('a job not queued twice', () => {
  const kind = (what: string) =>
    defineJob({
      name: `test.${what}-${randomUUID().slice(0, 8)}`,
      payload: z.object({ n: z.number() }),
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 60,
    });
  const jobsOf = async (name: string) =>
    (
      (await queue.boss
        .getDb()
        .executeSql(`SELECT data->>'n' AS n, state FROM pgboss.job WHERE name = $1 ORDER BY created_on`, [
          name,
        ])) as { rows: { n: string; state: string }[] }
    ).rows;

  it("is an event's, queued once however often it is sent with its key, one by one or many at once", async () => {
    const job = kind('once');
    await queue.define(job);
    expect(await queue.send(job, { n: 1 }, undefined, { once: 'passkey-added:a' })).not.toBeNull();
    expect(await queue.send(job, { n: 2 }, undefined, { once: 'passkey-added:a' })).toBeNull();
    await queue.sendMany(job, [
      { data: { n: 3 }, once: 'passkey-added:a' },
      { data: { n: 4 }, once: 'passkey-added:b' },
    ]);
    await queue.sendMany(job, [{ data: { n: 5 }, once: 'passkey-added:b' }]);
    expect((await jobsOf(job.name)).map((j) => j.n)).toEqual(['1', '4']);
  });

  it('is handed to its job by a sweep only when none with its key waits, runs or waits for a retry, whose retry it makes due', async () => {
    const job = kind('sweep');
    await queue.define(job);
    // The change's own job, and the sweep while it waits: one job.
    await queue.send(job, { n: 1 }, undefined, { key: 'line-1' });
    expect(await queue.sendUnlessWaiting(job, [{ data: { n: 2 }, key: 'line-1' }])).toBe(0);
    // Another line's is its own.
    expect(await queue.sendUnlessWaiting(job, [{ data: { n: 3 }, key: 'line-2' }])).toBe(1);
    // Failed once, it waits for its retry: still none beside it.
    let failing = true;
    await queue.work(job, async ({ n }) => {
      if (n === 1 && failing) {
        failing = false;
        throw new Error('the MVNE is down');
      }
    });
    await expect
      .poll(async () => (await jobsOf(job.name)).find((j) => j.n === '1')?.state, { timeout: 15_000 })
      .toBe('retry');
    // The sweep queues none beside it, and makes its retry due now: not in the minute its backoff
    // said (in a long outage, a day), but at once.
    expect(await queue.sendUnlessWaiting(job, [{ data: { n: 4 }, key: 'line-1' }])).toBe(0);
    await expect
      .poll(async () => (await jobsOf(job.name)).find((j) => j.n === '1')?.state, { timeout: 10_000 })
      .toBe('completed');
    // Once it is over, the sweep hands the line on again.
    expect(await queue.sendUnlessWaiting(job, [{ data: { n: 5 }, key: 'line-1' }])).toBe(1);
    expect((await jobsOf(job.name)).map((j) => j.n).sort()).toEqual(['1', '3', '5']);
  });
});

describe('a job id made from a key', () => {
  it('is the same UUID for the same key, another for another', () => {
    expect(jobIdOf('a:1')).toBe(jobIdOf('a:1'));
    expect(jobIdOf('a:1')).not.toBe(jobIdOf('a:2'));
    expect(jobIdOf('a:1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

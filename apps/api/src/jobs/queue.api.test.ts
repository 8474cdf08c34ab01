import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { defineJob, Queue } from './queue.ts';

let queue: Queue;
beforeAll(async () => {
  queue = new Queue(inject('dbUrl'), 0.5, 10);
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
    });
    await queue.define(job);
    const runs: { n: number; at: number }[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    let failedOnce = false;
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
    const ids = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => queue.send(job, { n })));

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
});

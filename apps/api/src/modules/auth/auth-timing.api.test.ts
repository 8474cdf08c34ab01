import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, registration, type TestApp, uniqueCustomer } from '../../test/harness.ts';

/**
 * The security test told known accounts from unknown ones by how long the answer took: a known one
 * cost a transaction and an enqueue more. Each request here is timed for a known and an unknown
 * account in turn, so that whatever else the two shared cores are doing (the jobs the known ones
 * start included) falls on both sides alike, and the medians are compared.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUNDS = 20;
const WARM_UP = 3;

/** Each request from an address of its own, so that only per-account limits apply. */
let host = 0;
const nextAddress = () => {
  host += 1;
  return `198.18.${Math.floor(host / 250)}.${(host % 250) + 1}`;
};

async function knownCustomers(n: number) {
  const now = new Date();
  const rows = Array.from({ length: n }, () => ({
    ...uniqueCustomer(),
    firstName: 'Timed',
    lastName: 'Customer',
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  await t.ctx.database.db.insert(users).values(rows);
  return rows;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Times `send` for known and unknown accounts, alternating which goes first. */
async function timeBoth(send: (known: boolean, i: number) => Promise<number>) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < ROUNDS + WARM_UP; i++) {
    const order = i % 2 ? [true, false] : [false, true];
    for (const k of order) {
      const started = performance.now();
      const status = await send(k, i);
      const ms = performance.now() - started;
      expect(status).toBeLessThan(300);
      if (i >= WARM_UP) (k ? known : unknown).push(ms);
    }
  }
  return { known: median(known), unknown: median(unknown) };
}

/** Within 25% of the slower median, or 2 ms, whichever is more: noise, not a second code path. */
const MEASUREMENTS = 3;

/**
 * Measures up to three times, each with accounts of its own. A second code path (the 4.7 ms the
 * security test found) shows in every measurement; a burst of other work on the shared cores shifts
 * one now and then, so one measurement within the margin answers the question.
 */
async function expectAlike(name: string, measure: () => Promise<{ known: number; unknown: number }>) {
  let worst = { gap: 0, margin: 0 };
  for (let attempt = 1; attempt <= MEASUREMENTS; attempt++) {
    const m = await measure();
    const gap = Math.abs(m.known - m.unknown);
    const margin = Math.max(2, 0.25 * Math.max(m.known, m.unknown));
    // The measurements go with the test's output, for whoever judges a margin.
    process.stdout.write(
      `${name} (${attempt}): median known ${m.known.toFixed(2)} ms, unknown ${m.unknown.toFixed(2)} ms, gap ${gap.toFixed(2)} ms (margin ${margin.toFixed(2)} ms)\n`,
    );
    if (gap <= margin) return;
    worst = { gap, margin };
  }
  expect(worst.gap).toBeLessThanOrEqual(worst.margin);
}

describe('answers take as long for an unknown account as for a known one', () => {
  it('forgot password', async () => {
    await expectAlike('forgotPassword', async () => {
      const known = await knownCustomers(ROUNDS + WARM_UP);
      return timeBoth(async (k, i) => {
        const email = k ? (known[i]?.email as string) : uniqueCustomer().email;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgotPassword',
          payload: { email },
          remoteAddress: nextAddress(),
        });
        return res.statusCode;
      });
    });
  }, 60_000);

  it('login code by SMS and by email', async () => {
    for (const method of [1, 0]) {
      await expectAlike(`getOTPLogin by ${method === 1 ? 'SMS' : 'email'}`, async () => {
        const known = await knownCustomers(ROUNDS + WARM_UP);
        return timeBoth(async (k, i) => {
          const phoneNumber = k ? (known[i]?.phoneNumber as string) : uniqueCustomer().phoneNumber;
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/getOTPLogin',
            payload: { phoneNumber, method },
            remoteAddress: nextAddress(),
          });
          return res.statusCode;
        });
      });
    }
  }, 60_000);

  it('register with a taken or a new email', async () => {
    await expectAlike('register', async () => {
      const known = await knownCustomers(ROUNDS + WARM_UP);
      return timeBoth(async (k, i) => {
        const form = registration();
        const email = k ? (known[i]?.email as string) : form.email;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { ...form, email, confirmEmail: email },
          remoteAddress: nextAddress(),
        });
        return res.statusCode;
      });
    });
  }, 90_000);
});

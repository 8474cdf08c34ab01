import { describe, expect, it } from 'vitest';
import type { SessionUser } from './auth.repository.ts';
import { SessionCache } from './session-cache.ts';

const user = (id: string, mainUserId: string | null = null) => ({ id, mainUserId }) as SessionUser;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function counter(result: SessionUser | null, delayMs = 0) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    if (delayMs) await sleep(delayMs);
    return result;
  };
  return { calls, load };
}

describe('SessionCache', () => {
  it('shares one database read among concurrent lookups of a session', async () => {
    const cache = new SessionCache(1000);
    const { calls, load } = counter(user('u1'), 10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('s1', load)));
    expect(calls.n).toBe(1);
    expect(answers.every((a) => a?.id === 'u1')).toBe(true);
  });

  it('reuses an answer for its lifetime only', async () => {
    const cache = new SessionCache(30);
    const { calls, load } = counter(user('u1'));
    await cache.get('s1', load);
    await cache.get('s1', load);
    expect(calls.n).toBe(1);
    await sleep(40);
    await cache.get('s1', load);
    expect(calls.n).toBe(2);
  });

  it('answers a fresh session at once with peek, and nothing once it is stale or forgotten', async () => {
    const cache = new SessionCache(30);
    const { load } = counter(user('u1'));
    expect(cache.peek('s1')).toBeUndefined();
    await cache.get('s1', load);
    expect(cache.peek('s1')?.id).toBe('u1');
    cache.forgetUser('u1');
    expect(cache.peek('s1')).toBeUndefined();
    await cache.get('s1', load);
    await sleep(40);
    expect(cache.peek('s1')).toBeUndefined();
  });

  it('never remembers a closed session', async () => {
    const cache = new SessionCache(1000);
    const { calls, load } = counter(null);
    expect(await cache.get('s1', load)).toBeNull();
    expect(await cache.get('s1', load)).toBeNull();
    expect(calls.n).toBe(2);
  });

  it('asks again after the session or its user is forgotten', async () => {
    const cache = new SessionCache(1000);
    const { calls, load } = counter(user('u1'));
    await cache.get('s1', load);
    cache.forgetSession('s1');
    await cache.get('s1', load);
    expect(calls.n).toBe(2);
    cache.forgetUser('u1');
    await cache.get('s1', load);
    expect(calls.n).toBe(3);
  });

  it('forgets the sessions of sub lines with their main line', async () => {
    const cache = new SessionCache(1000);
    const sub = counter(user('sub', 'main'));
    const other = counter(user('other'));
    await cache.get('s-sub', sub.load);
    await cache.get('s-other', other.load);
    cache.forgetUser('main');
    await cache.get('s-sub', sub.load);
    await cache.get('s-other', other.load);
    expect(sub.calls.n).toBe(2);
    expect(other.calls.n).toBe(1);
  });

  it('does not keep what a read in flight found when a change lands meanwhile', async () => {
    const cache = new SessionCache(1000);
    const { calls, load } = counter(user('u1'), 20);
    const inFlight = cache.get('s1', load);
    cache.forgetSession('s1');
    await inFlight;
    await cache.get('s1', load);
    expect(calls.n).toBe(2);
  });

  it('holds at most its capacity, dropping the oldest', async () => {
    const cache = new SessionCache(1000, 2);
    const loads = ['a', 'b', 'c'].map((id) => counter(user(id)));
    for (const [i, l] of loads.entries()) await cache.get(`s${i}`, l.load);
    await cache.get('s0', loads[0]!.load);
    await cache.get('s2', loads[2]!.load);
    expect(loads.map((l) => l.calls.n)).toEqual([2, 1, 1]);
  });

  it('with a lifetime of 0 always asks the database', async () => {
    const cache = new SessionCache(0);
    const { calls, load } = counter(user('u1'));
    await cache.get('s1', load);
    await cache.get('s1', load);
    expect(calls.n).toBe(2);
  });
});

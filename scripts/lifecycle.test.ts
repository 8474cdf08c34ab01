import { startMockPass } from '@selfcare/sandbox';
import { describe, expect, it } from 'vitest';
import { runUntilStopped } from './lifecycle.ts';

const answers = (url: string) =>
  fetch(`${url}/myinfo/v3/authorise`, { method: 'HEAD', redirect: 'manual' }).then(
    () => true,
    () => false,
  );

describe('a start that fails part way', () => {
  it('stops what it had started, MockPass included, latest first, then exits 1', async () => {
    const order: string[] = [];
    const exits: number[] = [];
    const reported: unknown[] = [];
    let mockpassUrl = '';
    await runUntilStopped(
      async (stops) => {
        stops.add(() => {
          order.push('database');
        });
        stops.add(async () => {
          throw new Error('the sandbox was already down');
        });
        const mockpass = await startMockPass({ showLoginPage: false, clientSecret: 'sandbox-myinfo-secret' });
        mockpassUrl = mockpass.url;
        stops.add(() => {
          order.push('mockpass');
          mockpass.stop();
        });
        expect(await answers(mockpassUrl)).toBe(true);
        throw new Error('deadlock detected');
      },
      { report: (err) => reported.push(err), exit: (code) => exits.push(code), signals: [] },
    );
    // The failed stop is told through the same report as the start's failure (which keeps a failed
    // query's values out of what is printed), after it.
    expect(reported.map(String)).toEqual(['Error: deadlock detected', 'Error: the sandbox was already down']);
    // A stop that fails does not keep the others from running.
    expect(order).toEqual(['mockpass', 'database']);
    expect(exits).toEqual([1]);
    await expect.poll(() => answers(mockpassUrl), { timeout: 5000 }).toBe(false);
  });
});

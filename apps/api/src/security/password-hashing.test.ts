import { Messages } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { hashPassword, verifyPassword } from './tokens.ts';

describe('password hashing under a flood', () => {
  it('runs a bounded number of hashes and answers the rest at once with 503', {
    timeout: 60_000,
  }, async () => {
    const stored = await hashPassword('Orchid#Road88');
    // 100 sign-ins arrive together: 2 hash, 64 wait their turn, the other 34 are turned away.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => verifyPassword(stored, i === 0 ? 'Orchid#Road88' : `Wrong#${i}`)),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    const checked = outcomes.filter((o) => o.status === 'fulfilled');
    expect(checked).toHaveLength(66);
    expect(refused).toHaveLength(34);
    for (const o of refused) {
      const err = (o as PromiseRejectedResult).reason;
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 503, message: Messages.serviceBusy });
    }
    expect((outcomes[0] as PromiseFulfilledResult<boolean>).value).toBe(true);
    // Once the queue drains, hashing works again.
    await expect(verifyPassword(stored, 'Orchid#Road88')).resolves.toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { Messages } from '../messages.ts';
import { changeEmailSchema } from './profile.ts';

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('change email schema', () => {
  it('takes the new address typed twice (any case) with the current password, normalised', () => {
    const r = changeEmailSchema.parse({
      email: ' Mei.Tan@Example.com ',
      confirmEmail: 'mei.tan@example.com',
      currentPassword: 'Orchid#Road88',
    });
    expect(r.email).toBe('mei.tan@example.com');
  });

  it('names each problem at its field', () => {
    const r = changeEmailSchema.safeParse({
      email: 'mei',
      confirmEmail: 'x@example.com',
      currentPassword: '',
    });
    expect(messages(r)).toEqual({
      email: 'New email address is invalid',
      confirmEmail: Messages.confirmEmailMismatch,
      currentPassword: 'Current password is required',
    });
  });
});

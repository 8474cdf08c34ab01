import { describe, expect, it } from 'vitest';
import { loggedUrl, printableError } from './log-serializers.ts';

describe('logged URLs', () => {
  it('replace any query string', () => {
    expect(loggedUrl('/api/v1/auth/verify-password-reset-token?token=abc')).toBe(
      '/api/v1/auth/verify-password-reset-token?[redacted]',
    );
    expect(loggedUrl('/callback?code=xyz&state=1')).toBe('/callback?[redacted]');
    expect(loggedUrl('/login?')).toBe('/login?[redacted]');
  });

  it('replace what follows the link pages, in any letter case', () => {
    expect(loggedUrl('/resetPassword/abc_DEF-123')).toBe('/resetPassword/[redacted]');
    expect(loggedUrl('/confirmEmail/abc/more?x=1')).toBe('/confirmEmail/[redacted]?[redacted]');
    expect(loggedUrl('/RESETPASSWORD/abc')).toBe('/RESETPASSWORD/[redacted]');
    expect(loggedUrl('//resetPassword/abc')).toBe('//resetPassword/[redacted]');
  });

  it('keep every other path as it is', () => {
    for (const url of ['/api/v1/users/5d2c', '/resetPassword', '/forgotPassword', '/', '/manage/orders/12'])
      expect(loggedUrl(url)).toBe(url);
  });
});

/** A database error as the `pg` driver makes it: the row's values in its detail. */
const dbError = (message: string, fields: Record<string, string>) =>
  Object.assign(new Error(message), { name: 'error', severity: 'ERROR', ...fields });

describe('a failed start as it is printed', () => {
  it('keeps a query error and its database cause without the values of the row', () => {
    const cause = dbError('duplicate key value violates unique constraint "users_email_key"', {
      code: '23505',
      table: 'users',
      constraint: 'users_email_key',
      detail: 'Key (email)=(mei.ling@example.com) already exists.',
    });
    const failed = Object.assign(
      new Error('Failed query: insert into "users" ("email") values ($1)\nparams: mei.ling@example.com'),
      {
        query: 'insert into "users" ("email") values ($1)',
        params: ['mei.ling@example.com'],
        cause,
      },
    );
    const printed = printableError(failed);
    expect(printed.split('\n').filter((l) => !/^\s+at /.test(l))).toEqual([
      'Error: Failed query: insert into "users" ("email") values ($1)',
      'Caused by: error: duplicate key value violates unique constraint "users_email_key" (code 23505, table users, constraint users_email_key)',
    ]);
    expect(printed).toMatch(/^\s+at /m);
  });

  it('drops the value a data exception quotes, and says what each of several failures was', () => {
    expect(
      printableError(dbError('invalid input syntax for type integer: "91000005x"', { code: '22P02' })),
    ).toMatch(/^error: invalid input syntax for type integer \(code 22P02\)/);
    const refused = new AggregateError([new Error('connect ECONNREFUSED ::1:5432'), 'down'], '');
    expect(printableError(refused).split('\n').slice(0, 3)).toEqual([
      'AggregateError: ',
      '  Error: connect ECONNREFUSED ::1:5432',
      '  a thrown string',
    ]);
    expect(printableError('S8979373D')).toBe('a thrown string');
  });
});

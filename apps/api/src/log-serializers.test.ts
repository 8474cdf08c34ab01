import { describe, expect, it } from 'vitest';
import { loggedUrl } from './log-serializers.ts';

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

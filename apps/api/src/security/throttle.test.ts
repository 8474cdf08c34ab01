import { describe, expect, it } from 'vitest';
import { clientOf } from './throttle.ts';

describe('clientOf', () => {
  it('keeps an IPv4 address, also when written as IPv4-mapped IPv6', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes the /64 of an IPv6 address, however it is written', () => {
    const client = '2001:db8:1:2::/64';
    expect(clientOf('2001:db8:1:2::1')).toBe(client);
    expect(clientOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe(client);
    expect(clientOf('2001:DB8:1:2:ffff::9')).toBe(client);
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('1:2:3::5:1.2.3.4')).toBe('1:2:3:0::/64');
    expect(clientOf('1:2:3:4::1.2.3.4')).toBe('1:2:3:4::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientOf('unknown')).toBe('unknown');
  });
});

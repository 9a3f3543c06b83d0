import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it.each([
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
  ])('counts the IPv4-mapped %s as the IPv4 address %s', (mapped, ipv4) => {
    expect(addressKey(mapped)).toBe(ipv4);
  });

  it('groups every address of one /64 under one key', () => {
    const sameNetwork = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:0',
      '2001:db8:1:2::',
      '2001:db8:1:2:1:2:192.0.2.1',
    ];
    for (const address of sameNetwork) expect(addressKey(address)).toBe('2001:db8:1:2::/64');
  });

  it('keeps neighbouring /64 networks apart', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8:2:2::1')).toBe('2001:db8:2:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('turns what is not an address into a fixed-size key', () => {
    const long = addressKey('x'.repeat(100_000));
    expect(long).toMatch(/^invalid:[A-Za-z0-9_-]{43}$/);
    expect(addressKey('not an address')).not.toBe(long);
    expect(addressKey('2001:db8::1::2')).toMatch(/^invalid:/);
  });
});

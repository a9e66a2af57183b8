import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, RateLimiter } from './rateLimit';

describe('RateLimiter', () => {
  it('gives a minute’s worth at once, then one token each 60/N seconds, and says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter({ perMinute: 30 }, () => now);
    for (let i = 0; i < 30; i++) expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 2 });
    // Another client has its own bucket.
    expect(limiter.take('b')).toEqual({ ok: true });
    now = 1000;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 2000;
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a').ok).toBe(false);
    // Refused requests cost nothing: waiting as told is enough.
    now = 4000;
    expect(limiter.take('a').ok).toBe(true);
    // A full minute refills it, and no more than full.
    now = 10 * 60_000;
    for (let i = 0; i < 30; i++) expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
  });

  it('takes nothing away when the clock goes back', () => {
    let now = 60_000;
    const limiter = new RateLimiter({ perMinute: 2 }, () => now);
    limiter.take('a');
    now = 0;
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
  });

  it('keeps a bounded number of buckets under a flood of addresses', () => {
    let now = 0;
    const limiter = new RateLimiter({ perMinute: 1 }, () => now, 100);
    for (let i = 0; i < 1000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // Full buckets go first: a client limited a moment ago stays limited while refilled ones make room.
    now = 60_000;
    const spender = '10.9.9.9';
    limiter.take(spender);
    for (let i = 0; i < 50; i++) limiter.take(`10.1.0.${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect(limiter.take(spender).ok).toBe(false);
  });
});

describe('clientKey', () => {
  it('counts IPv4 addresses as they are, IPv4-mapped ones as IPv4, and IPv6 by /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('unknown')).toBe('unknown');
  });
});

describe('clientAddress', () => {
  it('is the peer unless a proxy is trusted, then the last X-Forwarded-For address', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7', false)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '203.0.113.7', true)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '1.1.1.1, 203.0.113.7', true)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', ['1.1.1.1', '203.0.113.8'], true)).toBe('203.0.113.8');
    expect(clientAddress('127.0.0.1', 'not-an-address', true)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', undefined, true)).toBe('127.0.0.1');
    expect(clientAddress(undefined, undefined, false)).toBe('unknown');
  });
});

import { isIP } from 'node:net';

// A token bucket per client: each holds up to `perMinute` tokens, refills at `perMinute` a minute, and each
// request takes one. A client may send a minute's worth at once, then as fast as the bucket refills.

export interface RateLimit {
  perMinute: number;
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before full ones are dropped (a full bucket is the same as none): memory stays bounded under a flood of addresses. */
const MAX_CLIENTS = 100_000;

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #capacity: number;
  readonly #perMs: number;

  constructor(
    limit: RateLimit,
    private readonly now: () => number,
    private readonly maxClients = MAX_CLIENTS,
  ) {
    this.#capacity = limit.perMinute;
    this.#perMs = limit.perMinute / 60_000;
  }

  take(client: string): Taken {
    const now = this.now();
    const bucket = this.#buckets.get(client);
    // A clock set back (NTP, a test) refills nothing rather than taking tokens away.
    const tokens = bucket === undefined ? this.#capacity : Math.min(this.#capacity, bucket.tokens + Math.max(0, now - bucket.at) * this.#perMs);
    if (tokens < 1) {
      if (bucket) Object.assign(bucket, { tokens, at: now });
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.#perMs / 1000)) };
    }
    if (bucket === undefined && this.#buckets.size >= this.maxClients) this.#sweep(now);
    this.#buckets.set(client, { tokens: tokens - 1, at: now });
    return { ok: true };
  }

  /** How many clients have a bucket (for tests). */
  get size(): number {
    return this.#buckets.size;
  }

  #sweep(now: number): void {
    for (const [client, bucket] of this.#buckets) {
      if (bucket.tokens + Math.max(0, now - bucket.at) * this.#perMs >= this.#capacity) this.#buckets.delete(client);
    }
    // Still full of clients that are all spending: the longest-kept give way (a Map iterates in insertion order).
    for (const client of this.#buckets.keys()) {
      if (this.#buckets.size < this.maxClients) break;
      this.#buckets.delete(client);
    }
  }
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is none. */
function ipv6Groups(address: string): string[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  // A trailing IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * Whom a request counts against: its IPv4 address, or the /64 network of an IPv6 one (one subscriber gets a
 * whole /64 and could otherwise take a fresh address for every request). An IPv4-mapped IPv6 address counts
 * as its IPv4 address.
 */
export function clientKey(address: string): string {
  const groups = ipv6Groups(address);
  if (groups === undefined) return address;
  if (groups.slice(0, 6).join(':') === '0:0:0:0:0:ffff') {
    const [high = 0, low = 0] = groups.slice(6).map((group) => parseInt(group, 16));
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * The client's address: the socket's peer, or behind a trusted reverse proxy the last address in
 * X-Forwarded-For (the one the proxy itself appended; those before it are whatever the client wrote).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: boolean): string {
  if (trustProxy && forwardedFor !== undefined) {
    const last = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').at(-1)?.trim() ?? '';
    if (isIP(last) !== 0) return last;
  }
  return peer ?? 'unknown';
}

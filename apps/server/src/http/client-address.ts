import { normalizeIP } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';

/**
 * The prefix of an IPv6 address one client is counted by: a subscriber is usually handed a whole
 * /64, so counting full addresses would let one client step through 2^64 of them.
 */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * Working out an IPv6 address's key parses it twice (ip-address, under `normalizeIP`): 13 µs
 * in-process, a quarter of a free decode's CPU over HTTP, on every request of every IPv6 client,
 * and 9 µs for an IPv4-mapped one (every IPv4 client of a server listening on `::`). So the keys
 * of the last addresses seen are kept (docs/decisions/0025-request-overhead.md). Only strings as
 * long as an address can be: a proxy's X-Forwarded-For may hand on anything up to the header
 * limit.
 */
const KEYS_KEPT = 10_000;
const ADDRESS_LENGTH_MAX = 64;
const keys = new LRUCache<string, string>({ max: KEYS_KEPT });

/**
 * The key every per-address budget counts a client under, in memory and in the database alike:
 * an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4 address, any other IPv6
 * address as the first address of its /64.
 */
export function clientAddressKey(ip: string): string {
  // Every IPv6 address has a colon; without one, normalizeIP only lowercases.
  if (!ip.includes(':')) return ip.toLowerCase();
  if (ip.length > ADDRESS_LENGTH_MAX) return normalizeIP(ip, IPV6_CLIENT_PREFIX);
  let key = keys.get(ip);
  if (key === undefined) {
    key = normalizeIP(ip, IPV6_CLIENT_PREFIX);
    keys.set(ip, key);
  }
  return key;
}

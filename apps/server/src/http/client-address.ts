import { normalizeIP } from '@fastify/rate-limit';

/**
 * The prefix of an IPv6 address one client is counted by: a subscriber is usually handed a whole
 * /64, so counting full addresses would let one client step through 2^64 of them.
 */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * The key every per-address budget counts a client under, in memory and in the database alike:
 * an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4 address, any other IPv6
 * address as the first address of its /64.
 */
export function clientAddressKey(ip: string): string {
  return normalizeIP(ip, IPV6_CLIENT_PREFIX);
}

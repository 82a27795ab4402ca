import { LRUCache } from 'lru-cache';

/** How many addresses' answers `keptPerAddress` keeps. */
const ADDRESSES_KEPT = 10_000;
/** Longer strings are no address: a forwarded hop may be anything up to the header limit. */
const ADDRESS_LENGTH_MAX = 64;

/**
 * `work` on an address, its answers kept for the last ADDRESSES_KEPT addresses: for work that
 * parses the address on every request, while the same clients and proxies come back request
 * after request (docs/decisions/0025-request-overhead.md).
 */
export function keptPerAddress<T extends NonNullable<unknown>>(
  work: (address: string) => T,
): (address: string) => T {
  const kept = new LRUCache<string, T>({ max: ADDRESSES_KEPT });
  return (address) => {
    const known = kept.get(address);
    if (known !== undefined) return known;
    const answer = work(address);
    if (address.length <= ADDRESS_LENGTH_MAX) kept.set(address, answer);
    return answer;
  };
}

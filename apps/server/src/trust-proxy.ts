import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { keptPerAddress } from './lib/kept-per-address.ts';

/**
 * Which hops may rewrite the client address (X-Forwarded-For). Per-address limits (sign-in,
 * codes, plates, decode) read the address, so a wrong setting either lets a client pick its own
 * address (believing every hop) or makes all clients behind one proxy share one budget.
 *
 * - `false`: clients connect directly; the header is ignored.
 * - a hop count `n`: the address `n` hops back from the socket is the client (n proxies of ours,
 *   and the server reachable only through them: a direct client could write the hops itself).
 * - names and ranges: `loopback`, `linklocal`, `uniquelocal`, addresses and CIDR ranges,
 *   comma-separated; hops from those addresses are believed.
 *
 * `true` (believe every hop, so the left-most, client-written entry wins) is refused.
 */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_TRUE_MESSAGE =
  'true would let any client choose its own address with X-Forwarded-For; set the number of proxies in front (e.g. 1), loopback, or the proxies\u2019 addresses or CIDR ranges';

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (value === 'false') return false;
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_MESSAGE });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be between 1 and 10' });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    const bad = entries.find((e) => !isRange(e));
    if (entries.length === 0 || bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad ? `"${bad}" is not` : 'expected'} false, a hop count, loopback, or addresses and CIDR ranges separated by commas`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Whether the hop `hop` steps back from the socket, at `address`, is a proxy to believe. */
export type ProxyTrust = false | ((address: string, hop: number) => boolean);

/**
 * Fastify's `trustProxy` for the setting. Fastify no longer honours a bare hop count (it trusts
 * no hop then), so the count is given as the function it stands for. Names and ranges are
 * checked by proxy-addr, which parses the address again on every read of `request.ip` (about
 * 0.8 µs); its verdict on an address never changes, so the last ones are kept.
 */
export function fastifyTrustProxy(setting: TrustProxy): ProxyTrust {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const trusted = proxyAddr.compile(setting);
  // Names and ranges hold for an address at any hop.
  return keptPerAddress((address) => trusted(address, 0));
}

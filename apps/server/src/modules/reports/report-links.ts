import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@vr/contracts';

/** How long a report link works (docs/product-rules.md#reports: links expire within 15 minutes). */
export const REPORT_LINK_TTL_MS = 15 * 60 * 1000;

export interface ReportLinks {
  /** A relative link to the order's PDF, signed for its owner, valid for REPORT_LINK_TTL_MS. */
  urlFor(order: { id: string; userId: string }): string;
  /** Whether `sig` signs this order for this owner and `expires` (epoch seconds) is still ahead. */
  verify(order: { id: string; userId: string }, expires: number, sig: string): boolean;
}

/**
 * Report links are opened in a new window, where no bearer header goes along, so the link itself
 * is the credential: an HMAC over order, owner and expiry with a key derived from the server's
 * secret. Nobody can make one for another order or stretch its expiry.
 */
export function createReportLinks(secret: string, now: () => number = Date.now): ReportLinks {
  const key = createHmac('sha256', secret).update('report-links/v1').digest();
  const sign = (id: string, userId: string, expires: number) =>
    createHmac('sha256', key).update(`${id}\n${userId}\n${expires}`).digest();

  return {
    urlFor(order) {
      const expires = Math.floor((now() + REPORT_LINK_TTL_MS) / 1000);
      const sig = sign(order.id, order.userId, expires).toString('base64url');
      return `${API_PREFIX}/report-orders/${encodeURIComponent(order.id)}/report?expires=${expires}&sig=${sig}`;
    },
    verify(order, expires, sig) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now()) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = sign(order.id, order.userId, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

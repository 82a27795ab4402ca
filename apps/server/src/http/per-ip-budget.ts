import { AUTH_LIMITS, AUTH_MESSAGES } from '@vr/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { consumeThrottle } from '../db/throttles.repo.ts';
import { clientAddressKey } from './client-address.ts';
import { HttpError } from './errors.ts';

const MINUTE_MS = 60 * 1000;

/** An endpoint with a budget of requests per client address and minute. */
export type BudgetedEndpoint = keyof typeof AUTH_LIMITS.requestsPerIpPerMinute;

/** The `onRequest` hook counting one endpoint's requests per client address. */
export type PerIpBudget = (
  endpoint: BudgetedEndpoint,
) => (request: FastifyRequest) => Promise<void>;

/**
 * `onRequest` hooks counting an endpoint's requests from the client's address (an IPv6 client
 * by its /64) in the database, shared by every instance, before anything else happens (body,
 * look-ups, hashing): beyond `AUTH_LIMITS.requestsPerIpPerMinute[endpoint]` a minute they answer
 * 429 `TOO_MANY_REQUESTS` with Retry-After, so no answer about an address, known or not, comes
 * faster. (`address-budget.ts` is the in-memory kind, for cheaper routes.)
 */
export function createPerIpBudget(db: Db): PerIpBudget {
  return (endpoint) => async (request) => {
    const result = await consumeThrottle(
      db,
      `requests:${endpoint}:ip:${clientAddressKey(request.ip)}`,
      AUTH_LIMITS.requestsPerIpPerMinute[endpoint],
      MINUTE_MS,
    );
    if (!result.allowed) {
      throw new HttpError(429, AUTH_MESSAGES.tooManyRequests, {
        code: 'TOO_MANY_REQUESTS',
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
  };
}

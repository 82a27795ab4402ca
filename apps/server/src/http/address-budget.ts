import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { clientAddressKey } from './client-address.ts';
import { HttpError } from './errors.ts';

/**
 * A budget of `perMinute` requests per client address (X-Forwarded-For only behind TRUST_PROXY)
 * (an IPv6 client by its /64: client-address.ts) over every route of the calling plugin, which encapsulates it. Counted in this instance's
 * memory: for routes whose work costs less than a shared counter would (docs/limits.md). Past it,
 * 429 with Retry-After and `message`.
 */
export async function registerAddressBudget(
  app: FastifyInstance,
  perMinute: number,
  message: (perMinute: number, retryAfterSeconds: number) => string,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => clientAddressKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, message(perMinute, Math.ceil(context.ttl / 1000))),
  });
}

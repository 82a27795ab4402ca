import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * A budget of `perMinute` requests per client address (X-Forwarded-For only behind TRUST_PROXY)
 * over every route of the calling plugin, which encapsulates it. Counted in this instance's
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
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, message(perMinute, Math.ceil(context.ttl / 1000))),
  });
}

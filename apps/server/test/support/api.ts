import type { FastifyInstance } from 'fastify';
import { call } from '../auth-support.ts';

/** A JSON request as the signed-in dashboard sends it (no token: as a visitor). */
export function api(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  body?: unknown,
) {
  return call(app, method, url, body, { token });
}

import type { FastifyRequest } from 'fastify';
import { redactUrlCredentials } from './url-credentials.ts';

/**
 * The longest URL a log line carries: enough for every real path and query, while a request
 * with a huge path (a 200 KB "VIN") cannot write a huge line, once per request, anonymously.
 */
export const LOGGED_URL_MAX = 512;

/** The logger's `req` serializer: Fastify's fields, the URL without its credentials, bounded. */
export function serializeReq(request: FastifyRequest) {
  const url = redactUrlCredentials(request.url);
  return {
    method: request.method,
    url: url.length > LOGGED_URL_MAX ? `${url.slice(0, LOGGED_URL_MAX)}…` : url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A log call's arguments with credentials redacted from its messages, which may name URLs. */
export function withoutUrlCredentials<T extends unknown[]>(args: T): T {
  return args.map((arg) => (typeof arg === 'string' ? redactUrlCredentials(arg) : arg)) as T;
}

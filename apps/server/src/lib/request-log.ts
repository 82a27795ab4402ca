import type { FastifyRequest } from 'fastify';
import { redactUrlCredentials } from './url-credentials.ts';

/** The logger's `req` serializer: Fastify's fields, the URL without its credentials. */
export function serializeReq(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlCredentials(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** A log call's arguments with credentials redacted from its messages, which may name URLs. */
export function withoutUrlCredentials<T extends unknown[]>(args: T): T {
  return args.map((arg) => (typeof arg === 'string' ? redactUrlCredentials(arg) : arg)) as T;
}

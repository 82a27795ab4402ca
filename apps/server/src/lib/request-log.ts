import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
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

/**
 * One line per request, written when it is answered: method, URL (as `serializeReq` bounds and
 * redacts it), client address, status, time taken and the request id; at `error` with the error
 * when the answer failed. Fastify's own controller wrote two, one on arrival and one on
 * completion, and writing them was the largest part of a decode's overhead
 * (docs/decisions/0023-request-overhead.md). Its other lines (stream errors, ...) are kept.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

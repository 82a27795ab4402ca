import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrlCredentials } from './url-credentials.ts';

/**
 * The longest URL a log line carries: enough for every real path and query, while a request
 * with a huge path (a 200 KB "VIN") cannot write a huge line, once per request, anonymously.
 */
export const LOGGED_URL_MAX = 512;

/** A request's URL as log lines and trace spans carry it: without credentials, bounded. */
export function loggedUrl(request: FastifyRequest): string {
  const url = redactUrlCredentials(request.url);
  return url.length > LOGGED_URL_MAX ? `${url.slice(0, LOGGED_URL_MAX)}…` : url;
}

/** The logger's `req` serializer: Fastify's fields, the URL as `loggedUrl` gives it. */
export function serializeReq(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A log call's arguments with credentials redacted from its messages, which may name URLs. */
export function withoutUrlCredentials<T extends unknown[]>(args: T): T {
  return args.map((arg) => (typeof arg === 'string' ? redactUrlCredentials(arg) : arg)) as T;
}

/** A request answered this slowly is logged at `info` even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, written when it is answered: method, URL (as `serializeReq` bounds and
 * redacts it), client address, status, time taken and the request id. At `info` when the answer
 * is a refusal or a failure (4xx, 5xx) or took SLOW_REQUEST_MS or more; `request errored` at
 * `error` when the answer itself failed; a quick success at `debug`, counted by the metrics
 * instead. Fastify's own controller wrote two lines at `info` for every request, and that writing
 * was a third of a decode's CPU time (docs/decisions/0025-request-overhead.md). Its other lines
 * (stream errors, ...) are kept.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else if (reply.statusCode >= 400 || reply.elapsedTime >= SLOW_REQUEST_MS) {
      reply.log.info(line, 'request completed');
    } else {
      reply.log.debug(line, 'request completed');
    }
  }
}

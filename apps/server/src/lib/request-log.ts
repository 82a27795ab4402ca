import type { FastifyRequest } from 'fastify';

/**
 * The longest URL a log line carries: enough for every real path and query, while a request
 * with a huge path (a 200 KB "VIN") cannot write a huge line, once per request, anonymously.
 */
export const LOGGED_URL_MAX = 512;

/** Fastify's request fields for the request log, the URL cut to LOGGED_URL_MAX characters. */
export function serializeReq(req: FastifyRequest) {
  const url = req.url.length > LOGGED_URL_MAX ? `${req.url.slice(0, LOGGED_URL_MAX)}…` : req.url;
  return {
    method: req.method,
    url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

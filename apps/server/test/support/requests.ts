import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The one way the server tests send a request: JSON as the web app sends it, from an address. */

let ipCounter = 0;
/** A client address of its own, so one test's throttles never touch another's. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  /** The client's address (X-Forwarded-For); a fresh one by default. */
  ip?: string;
  /** A bearer token: the request is the signed-in user's. */
  token?: string;
  cookie?: string;
  origin?: string;
  /** Any further headers (Idempotency-Key, ...). */
  headers?: Record<string, string>;
}

/** `body`, when given, is sent as JSON. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? freshIp() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers: { ...headers, ...options.headers },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

export const post = (app: FastifyInstance, url: string, body?: unknown, options?: CallOptions) =>
  call(app, 'POST', url, body, options);
export const get = (app: FastifyInstance, url: string, options?: CallOptions) =>
  call(app, 'GET', url, undefined, options);

/** A JSON request as the signed-in dashboard sends it (no token: as a visitor). */
export const api = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  body?: unknown,
) => call(app, method, url, body, { token });

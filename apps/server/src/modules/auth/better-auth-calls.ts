import type { IncomingHttpHeaders } from 'node:http';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type AuthInstance } from './better-auth.ts';

/** What the forwarder needs of an incoming request. */
export interface ClientContext {
  ip: string;
  headers: IncomingHttpHeaders;
}

/** better-auth's answer, read once. */
export interface AuthCall {
  status: number;
  ok: boolean;
  json: unknown;
  headers: Headers;
  setCookies: string[];
}

/** Headers better-auth reads: the session (cookie or bearer), CSRF checks, and the user agent. */
const FORWARDED_HEADERS = [
  'authorization',
  'cookie',
  'origin',
  'referer',
  'user-agent',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
] as const;

/**
 * Hands one request to better-auth's Web-standard handler: a `Request` to `PUBLIC_URL + /api/auth
 * + path` with the validated (normalised) JSON body, the client's session and CSRF headers, and
 * the client IP as Fastify resolved it.
 */
export async function forwardToAuth(
  auth: AuthInstance,
  baseUrl: string,
  client: ClientContext,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthCall> {
  const headers = clientHeaders(client);
  headers.set('content-type', 'application/json');
  const response = await auth.handler(
    new Request(`${baseUrl}${AUTH_BASE_PATH}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  );
  return readAnswer(response);
}

/**
 * Signs in the account just created from a verified sign-up (better-auth.ts
 * `startRegisteredSession`, which no HTTP path reaches): a session recorded with the client's
 * address and user agent, its token, and the session cookie.
 */
export async function startSession(
  auth: AuthInstance,
  client: ClientContext,
  userId: string,
): Promise<AuthCall> {
  const response = await auth.api.startRegisteredSession({
    body: { userId },
    headers: clientHeaders(client),
    asResponse: true,
  });
  return readAnswer(response);
}

function clientHeaders(client: ClientContext): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = client.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, client.ip);
  return headers;
}

async function readAnswer(response: Response): Promise<AuthCall> {
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return {
    status: response.status,
    ok: response.ok,
    json,
    headers: response.headers,
    setCookies: response.headers.getSetCookie(),
  };
}

/** The `code` of a better-auth error answer, if any. */
export function authErrorCode(call: AuthCall): string | undefined {
  const json = call.json as { code?: unknown } | null;
  return typeof json?.code === 'string' ? json.code : undefined;
}

import type { IncomingHttpHeaders } from 'node:http';
import { SIGNED_IN_COOKIE } from '@vr/contracts';
import type { FastifyReply } from 'fastify';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type AuthInstance } from './auth.instance.ts';

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
 * Signs in the account just created from a verified sign-up (auth.instance.ts
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

/** `vr.session_token`, or `__Secure-vr.session_token` when PUBLIC_URL is https. */
const SESSION_COOKIE = /^(__Secure-)?vr\.session_token$/;

/**
 * The signed-in flag cookie that goes with a session cookie being set or cleared: the same
 * attributes (lifetime, path, SameSite, Secure) without HttpOnly, so the two live and die
 * together; `1` while the session cookie has a value, cleared when it is cleared.
 */
function signedInFlag(setCookie: string): string | undefined {
  const [pair = '', ...attributes] = setCookie.split(';');
  const separator = pair.indexOf('=');
  if (separator < 0 || !SESSION_COOKIE.test(pair.slice(0, separator).trim())) return undefined;
  const value = pair.slice(separator + 1).trim() === '' ? '' : '1';
  const kept = attributes.filter((attribute) => attribute.trim().toLowerCase() !== 'httponly');
  return [`${SIGNED_IN_COOKIE}=${value}`, ...kept].join(';');
}

/** Clears the flag when no session cookie was cleared with it (the request carried none). */
const CLEAR_SIGNED_IN_FLAG = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;

/**
 * Passes better-auth's cookies (the httpOnly session cookie) on to the client, each session
 * cookie with its signed-in flag. `signedOut` also clears the flag when there was no session
 * cookie to clear, so a client holding a stale flag stops asking for a refresh.
 */
export function sendCookies(
  reply: FastifyReply,
  setCookies: readonly string[],
  options: { signedOut?: boolean } = {},
): void {
  const flags = setCookies.flatMap((cookie) => signedInFlag(cookie) ?? []);
  if (options.signedOut && flags.length === 0) flags.push(CLEAR_SIGNED_IN_FLAG);
  const all = [...setCookies, ...flags];
  if (all.length > 0) void reply.header('set-cookie', all);
}

/** The `code` of a better-auth error answer, if any. */
export function authErrorCode(call: AuthCall): string | undefined {
  const json = call.json as { code?: unknown } | null;
  return typeof json?.code === 'string' ? json.code : undefined;
}

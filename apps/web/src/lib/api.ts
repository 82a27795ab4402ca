import {
  API_PREFIX,
  AUTH_MESSAGES,
  AUTH_PREFIX,
  SIGNED_IN_COOKIE,
  type ApiEndpoints,
  type AuthEndpoints,
  type AuthSessionResponse,
  type Endpoint,
  type EndpointAnswer,
  type EndpointRequest,
} from '@vr/contracts';
import { getToken, setToken } from './token.ts';

/*
 * The typed client of the server's API (docs/decisions/0032-typed-api-client.md): a call names
 * a declared endpoint, `api('GET /report-orders/:id/share', { params: { id }, auth: true })`, and
 * its request and answer take their types from that declaration in contracts. The declarations
 * are imported as types only, so no schema (and no zod) comes along.
 */

/** An API failure carrying the server's `message` (or the status line) and the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** The parsed error body, when it was JSON. */
  readonly body: Record<string, unknown> | undefined;
  constructor(message: string, status: number, body?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = typeof body?.code === 'string' ? body.code : undefined;
    this.field = typeof body?.field === 'string' ? body.field : undefined;
  }
}

async function readBody(res: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object') return body as Record<string, unknown>;
  } catch {
    // not JSON: fall back to the status line
  }
  return undefined;
}

async function toError(res: Response): Promise<ApiError> {
  const body = await readBody(res);
  const message = typeof body?.message === 'string' && body.message !== '' ? body.message : null;
  return new ApiError(
    message ?? `API request failed: ${res.status} ${res.statusText}`.trimEnd(),
    res.status,
    body,
  );
}

export type ApiKey = keyof ApiEndpoints;
/** What a success of the endpoint answers. */
export type ApiAnswer<K extends ApiKey> = EndpointAnswer<ApiEndpoints[K]>;
/** What the endpoint's call sends (params, query, body, `auth: true` where needed). */
export type ApiRequest<K extends ApiKey> = EndpointRequest<ApiEndpoints[K]>;
export type AuthKey = keyof AuthEndpoints;
export type AuthRequest<K extends AuthKey> = EndpointRequest<AuthEndpoints[K]>;
export type AuthAnswer<K extends AuthKey> = EndpointAnswer<AuthEndpoints[K]>;
export type SessionBody = AuthSessionResponse;

/** A call's options: the declared request, and headers of its own (an Idempotency-Key). */
type CallOptions<E extends Endpoint> = EndpointRequest<E> & { headers?: HeadersInit };
/** The options may be left out when the endpoint requires none of them. */
type CallArgs<E extends Endpoint> =
  Record<string, never> extends CallOptions<E>
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>];

/** A call's options as they are sent, whichever endpoint they were typed for. */
interface Call {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  auth?: boolean;
  headers?: HeadersInit;
}

/** The method and URL of `METHOD /path/:name` under the prefix, with the parameters filled in. */
function target(prefix: string, key: string, call: Call): { method: string; url: string } {
  const space = key.indexOf(' ');
  const path = key
    .slice(space + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? ''));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return { method: key.slice(0, space), url: `${prefix}${path}${search ? `?${search}` : ''}` };
}

/** The fetch options of a call: JSON in (a FormData as multipart with its own boundary) and out. */
function init(method: string, call: Call, token: string | null): RequestInit {
  const headers = new Headers(call.headers);
  let body: BodyInit | undefined;
  if (call.body instanceof FormData) body = call.body;
  else if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    // A JSON type without a body is refused (DELETE).
    headers.set('Content-Type', 'application/json');
  }
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { method, headers, body, credentials: 'same-origin' };
}

/** A success's body: JSON, or null for 204. The one place the answer meets its declared type. */
async function answer<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T;
  return (await res.json()) as T;
}

let refreshing: Promise<SessionBody | null> | null = null;

/**
 * Whether the server's readable signed-in flag is there: it lives exactly as long as the
 * httpOnly session cookie, which scripts cannot see.
 */
function hasSessionCookie(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_COOKIE}=1`));
}

/**
 * `POST /api/api/auth/refresh`: the browser sends the session cookie; the answer is a new bearer
 * token and the user, or null when signed out. Concurrent callers share one request. Without the
 * signed-in flag there is no session cookie to send, so a signed-out visitor makes no request
 * (whose 401 the browser would log as an error).
 */
export function refreshSession(): Promise<SessionBody | null> {
  if (!refreshing && !hasSessionCookie()) {
    setToken(null);
    return Promise.resolve(null);
  }
  refreshing ??= (async () => {
    try {
      const { method, url } = target(API_PREFIX, 'POST /auth/refresh', {});
      const res = await fetch(url, init(method, {}, null));
      if (!res.ok) {
        setToken(null);
        return null;
      }
      const body = await answer<ApiAnswer<'POST /auth/refresh'>>(res);
      setToken(body.token);
      return body;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * A product API call (docs/auth-api.md, "Tokens and the session cookie"): `Authorization:
 * Bearer` whenever a session token is held; a call declared `auth: true` fails at once without
 * one (tokenNotAvailable); a 401 renews the token once through the session cookie and retries. A
 * failure throws an ApiError with the server's `message` field if it has one, else
 * 'API request failed: {status} {statusText}'.
 */
export async function api<K extends ApiKey>(
  key: K,
  ...[options]: CallArgs<ApiEndpoints[K]>
): Promise<ApiAnswer<K>> {
  // Typed for the endpoint at the call; sent the same way whichever it is.
  const call = (options ?? {}) as Call;
  const { method, url } = target(API_PREFIX, key, call);
  return answer(await withToken(url, call.auth === true, (token) => init(method, call, token)));
}

/**
 * The successful Response of a GET under the API prefix with the session's token, for bodies
 * that are not JSON (a PDF download, at a path the server gave).
 */
export function apiResponse(path: string, accept: string): Promise<Response> {
  return withToken(`${API_PREFIX}${path}`, true, (token) =>
    init('GET', { headers: { Accept: accept } }, token),
  );
}

async function withToken(
  url: string,
  needsToken: boolean,
  request: (token: string | null) => RequestInit,
): Promise<Response> {
  const token = getToken();
  if (needsToken && !token) throw new ApiError(AUTH_MESSAGES.tokenNotAvailable, 401);
  let res = await fetch(url, request(token));
  if (res.status === 401 && token) {
    const renewed = await refreshSession();
    if (renewed) res = await fetch(url, request(renewed.token));
  }
  if (!res.ok) throw await toError(res);
  return res;
}

/**
 * A call to the account endpoints under `/api/auth` (docs/auth-api.md), each a POST of a JSON
 * body: the session cookie goes along, and a failure throws an ApiError carrying the server's
 * `code` and `field`. A 401 is the answer itself (a wrong password), never a reason to renew and
 * send again.
 */
export async function authApi<K extends AuthKey>(
  key: K,
  body: AuthRequest<K>['body'],
): Promise<AuthAnswer<K>> {
  const { method, url } = target(AUTH_PREFIX, key, {});
  const res = await fetch(url, init(method, { body }, getToken()));
  if (!res.ok) throw await toError(res);
  return answer(res);
}

import { API_PREFIX, AUTH_MESSAGES, SIGNED_IN_COOKIE } from '@vr/contracts';
import { getToken, setToken } from './token.ts';

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

export interface SessionBody {
  token: string;
  user: { id: string; email: string; firstName: string; lastName: string; role: string };
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
      const res = await fetch(`${API_PREFIX}/auth/refresh`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) {
        setToken(null);
        return null;
      }
      const body = (await res.json()) as SessionBody;
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

export interface ApiInit extends RequestInit {
  /** The call needs a signed-in user: without a token it fails at once (tokenNotAvailable). */
  auth?: boolean;
}

/**
 * The fetch wrapper (docs/auth-api.md, "Tokens and the session cookie"): JSON in and out,
 * `Authorization: Bearer` whenever a session token is held; a 401 renews the token once through the
 * session cookie and retries. A failure throws an ApiError with the server's `message` field if it
 * has one, else 'API request failed: {status} {statusText}'.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiInit = {}): Promise<T> {
  const res = await apiResponse(path, init);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/**
 * apiFetch's successful Response itself, for bodies that are not JSON (a PDF download); a
 * FormData body goes as multipart with the browser's own boundary.
 */
export async function apiResponse(path: string, init: ApiInit = {}): Promise<Response> {
  const { auth, ...rest } = init;
  const send = (token: string | null) => {
    const headers = new Headers(rest.headers);
    // A JSON type without a body is refused (DELETE); FormData brings its own boundary.
    if (rest.body != null && !(rest.body instanceof FormData)) {
      headers.set('Content-Type', 'application/json');
    }
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(`${API_PREFIX}${path}`, { ...rest, headers });
  };
  const token = getToken();
  if (auth && !token) throw new ApiError(AUTH_MESSAGES.tokenNotAvailable, 401);
  let res = await send(token);
  if (res.status === 401 && token) {
    const renewed = await refreshSession();
    if (renewed) res = await send(renewed.token);
  }
  if (!res.ok) throw await toError(res);
  return res;
}

/**
 * A call to the identity endpoints under `/api/auth` (docs/auth-api.md): JSON body, the session
 * cookie goes along, failures throw an ApiError carrying the server's `code` and `field`.
 */
export async function authFetch<T = unknown>(path: string, body?: unknown): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(`/api/auth${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toError(res);
  return (await res.json()) as T;
}

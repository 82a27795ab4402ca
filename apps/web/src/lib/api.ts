/** An API failure carrying the server's `message` (or the status line) and the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** The `/api/api` base of spec section 7: every product call lives under it. */
export const API_BASE = '/api/api';

async function readMessage(res: Response): Promise<string | null> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string' && message !== '') return message;
    }
  } catch {
    // not JSON: fall back to the status line
  }
  return null;
}

/**
 * The fetch wrapper of spec section 7: JSON in and out; a failure throws an ApiError with the
 * server's `message` field if it has one, else 'API request failed: {status} {statusText}'.
 */
export async function apiFetch<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  headers.set('Accept', 'application/json');
  const res = await fetch(`${API_BASE}${path}`, { ...init, headers });
  if (!res.ok) {
    const message = await readMessage(res);
    throw new ApiError(
      message ?? `API request failed: ${res.status} ${res.statusText}`.trimEnd(),
      res.status,
    );
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

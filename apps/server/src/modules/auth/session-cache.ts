import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * What bearer requests learned of their sessions, for a few seconds, in this instance's memory
 * (docs/decisions/0026-bearer-session-cache.md). Keyed by a SHA-256 of the token, never the
 * token. An entry lasts `seconds`, and never past the moment the session itself ends: a session
 * revoked on another instance (sign-out, password reset, deleted rows) stops working here within
 * `seconds`; one that expires stops at its expiry. `seconds` 0 keeps nothing.
 */
export interface SessionCache<T> {
  get(token: string, nowMs: number): T | undefined;
  /** `endsAtMs`: when the session ends (idle or absolute expiry, whichever is first). */
  set(token: string, value: T, nowMs: number, endsAtMs: number): void;
  /** Drops every entry: a session just ended through this instance. */
  clear(): void;
}

/** Enough for every session active within a few seconds on one instance, in a few MB at most. */
export const SESSION_CACHE_ENTRIES = 10_000;

export function createSessionCache<T extends object>(seconds: number): SessionCache<T> {
  if (seconds <= 0) return { get: () => undefined, set: () => undefined, clear: () => undefined };
  // The least recently used entry leaves first when it is full; expiry is checked on our clock.
  const entries = new LRUCache<string, { value: T; untilMs: number }>({
    max: SESSION_CACHE_ENTRIES,
  });
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');
  return {
    get(token, nowMs) {
      const key = keyOf(token);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.untilMs > nowMs) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(token, value, nowMs, endsAtMs) {
      entries.set(keyOf(token), { value, untilMs: Math.min(nowMs + seconds * 1000, endsAtMs) });
    },
    clear() {
      entries.clear();
    },
  };
}

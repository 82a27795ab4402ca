/*
 * Small JSON values kept in this browser's localStorage: public data only (the catalog and the
 * public configuration). Callers validate what they read; unreadable entries count as absent.
 */
export function readStored(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the cache is a convenience only
  }
}

/** PostgreSQL's SQLSTATE of an error, looked up through Drizzle's wrapping (`cause` chain). */
export function sqlState(err: unknown): string | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/**
 * A deadlock (40P01) or a serialization failure (40001): the transaction was rolled back whole
 * and running it again is safe (docs/decisions/0009-several-instances.md).
 */
export const isTransactionConflict = (err: unknown): boolean => {
  const state = sqlState(err);
  return state === '40P01' || state === '40001';
};

/** node-postgres gave up waiting for a free pooled connection (REQUEST_TIMEOUT_MS). */
export function isConnectionWaitTimeout(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error && e.message.startsWith('timeout exceeded when trying to connect')) {
      return true;
    }
  }
  return false;
}

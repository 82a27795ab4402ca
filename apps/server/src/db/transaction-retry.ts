import { setTimeout as sleep } from 'node:timers/promises';
import { isTransactionConflict } from './errors.ts';

/** Attempts in all, and the first backoff; each further one doubles, with full jitter. */
export const TRANSACTION_ATTEMPTS = 6;
const FIRST_BACKOFF_MS = 5;

/**
 * Runs a whole transaction again when PostgreSQL rolled it back for a deadlock or a serialization
 * failure. Safe because a transaction body only reads and writes the database: network calls
 * happen before or after it (docs/decisions/0009-several-instances.md).
 */
export async function retryOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(err)) throw err;
      await sleep(Math.random() * FIRST_BACKOFF_MS * 2 ** attempt);
    }
  }
}

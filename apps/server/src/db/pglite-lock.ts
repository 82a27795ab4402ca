import lockfile from 'proper-lockfile';

/** How old an unrefreshed lock must be to count as left behind by a crashed process. */
const STALE_MS = 10_000;

export class DatabaseInUseError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database in ${dir} is in use by another process (a running server or CLI). ` +
        'Stop it first, or set DATABASE_URL so several processes share PostgreSQL.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * Takes the lock on a PGlite directory. PGlite is an in-process database: a second process on
 * the same files would not see the first one's writes and could corrupt them. A lock left by a
 * crashed process goes stale, so the retries outlast STALE_MS and a restart after a crash waits
 * instead of failing.
 */
export async function lockPgliteDir(dir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, {
      stale: STALE_MS,
      retries: { retries: 6, factor: 1, minTimeout: 2_000, maxTimeout: 2_000 },
      realpath: false,
      // A refresh delayed by a busy event loop must not crash the server; the data stays ours.
      onCompromised: () => undefined,
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') throw new DatabaseInUseError(dir);
    throw err;
  }
}

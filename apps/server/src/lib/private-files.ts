import { chmodSync, mkdirSync } from 'node:fs';

/** DATA_DIR holds sessions, sign-in codes and reports: nobody but the server's user may read it. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Run first at boot by every entry point (server and CLI): everything the process creates from
 * then on, PGlite's files and WAL included, is its owner's alone, and DATA_DIR is closed to other
 * users, also when an earlier version created it readable.
 */
export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dataDir, PRIVATE_DIR_MODE);
}

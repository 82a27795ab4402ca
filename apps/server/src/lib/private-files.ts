import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

/**
 * Takes group and other permissions off everything under `dir`. PGlite unpacks a new database
 * with explicit chmods to 0666, which the umask does not touch; files it creates later honour it.
 */
export function closeToOthers(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    const { mode } = statSync(path);
    if (mode & 0o077) chmodSync(path, mode & 0o700);
  }
}

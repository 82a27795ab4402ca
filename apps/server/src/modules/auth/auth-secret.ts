import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { keepFirstSecret } from './instance-secrets.repo.ts';

export const AUTH_SECRET_FILE = 'auth-secret';

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The signing secret this instance uses: AUTH_SECRET when set; on PostgreSQL, one kept in the
 * database, so instances that share the database but not DATA_DIR accept each other's sessions
 * and report links (a DATA_DIR/auth-secret left by an earlier version seeds it, so its sessions
 * stay valid); on PGlite, the DATA_DIR file.
 */
export async function resolveAuthSecret(
  config: { AUTH_SECRET?: string | undefined; DATA_DIR: string },
  database: Pick<Database, 'kind' | 'db'>,
): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (database.kind === 'pglite') return loadAuthSecret(config);
  const earlier = readSecretFile(join(config.DATA_DIR, AUTH_SECRET_FILE));
  return keepFirstSecret(database.db, 'auth', earlier ?? newSecret());
}

/**
 * The signing secret of sessions and cookies: AUTH_SECRET when set, else a random one generated
 * on first boot and kept in DATA_DIR/auth-secret (mode 0600) so restarts keep sessions valid.
 * Several instances must share it: set AUTH_SECRET, or give them one DATA_DIR.
 */
export function loadAuthSecret(config: {
  AUTH_SECRET?: string | undefined;
  DATA_DIR: string;
}): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const path = join(config.DATA_DIR, AUTH_SECRET_FILE);
  const existing = readSecretFile(path);
  if (existing) return existing;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = newSecret();
  // Written whole under a private name, then linked into place: when two processes start at
  // once, exactly one link wins and neither can read the file before its secret is in it.
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  const stored = readSecretFile(path);
  if (!stored) throw new Error(`${path} is empty or too short; delete it to generate a new one`);
  return stored;
}

function readSecretFile(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  chmodSync(path, 0o600);
  const secret = text.trim();
  return secret.length >= 32 ? secret : null;
}

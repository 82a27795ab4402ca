import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { PRIVATE_DIR_MODE } from '../../lib/private-files.ts';

/** The entry holding PGlite's own dump (dumpDataDir, a gzipped tarball of its data directory). */
const DATABASE_ENTRY = 'pglite.tar.gz';
const REPORTS_ENTRY = 'reports';
/**
 * DATA_DIR/auth-secret (modules/auth/auth-secret.ts): it signs sessions and report links and
 * seals queued mails, so a database restored without it would hold mails nobody can open.
 */
const SECRET_ENTRY = 'auth-secret';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes a backup of the embedded database and the report files: a tar.gz holding PGlite's dump,
 * `reports/...` and the instance's secret. The database is dumped first, then the files copied: a report is written
 * before the order that names it commits, so every report the dump names is in the backup.
 * Resolves to the number of report files.
 */
export async function writeBackup(
  file: string,
  source: { dumpDatabase(): Promise<Blob>; dataDir: string; reportsDir: string | null },
): Promise<number> {
  const dump = Buffer.from(await (await source.dumpDatabase()).arrayBuffer());
  const secret = await readFile(join(source.dataDir, SECRET_ENTRY)).catch(() => null);
  const reports = source.reportsDir ? await filesUnder(source.reportsDir) : [];
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(file, { mode: 0o600 }));
  pack.entry({ name: DATABASE_ENTRY, mode: 0o600 }, dump);
  if (secret) pack.entry({ name: SECRET_ENTRY, mode: 0o600 }, secret);
  for (const path of reports) {
    const { size } = await stat(path);
    const name = posix.join(REPORTS_ENTRY, relative(source.reportsDir!, path).split(sep).join('/'));
    const entry = pack.entry({ name, size, mode: 0o600 });
    await pipeline(createReadStream(path), entry);
  }
  pack.finalize();
  await written;
  return reports.length;
}

/**
 * Unpacks a backup into `dataDir`: the report files in place, and the database dump handed to
 * `loadDatabase` (which unpacks it where PGlite keeps its files). Entries that would land
 * outside `dataDir/reports` are refused.
 */
export async function readBackup(
  file: string,
  dataDir: string,
  loadDatabase: (dump: Blob) => Promise<void>,
): Promise<number> {
  const reportsDir = resolve(dataDir, REPORTS_ENTRY);
  let dump: Buffer | null = null;
  let reports = 0;
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  for await (const entry of extract) {
    const { name, type } = entry.header;
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    if (name === DATABASE_ENTRY) {
      dump = Buffer.concat(chunks);
      continue;
    }
    const path = resolve(dataDir, name);
    const known = name === SECRET_ENTRY || path.startsWith(reportsDir + sep);
    if (type !== 'file' || !known) {
      throw new Error(`${file} is not a backup of this server: unexpected entry ${name}`);
    }
    await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    await writeFile(path, Buffer.concat(chunks), { mode: 0o600 });
    if (name !== SECRET_ENTRY) reports++;
  }
  await reading;
  if (!dump) throw new Error(`${file} is not a backup of this server: no database in it`);
  await loadDatabase(new Blob([dump]));
  return reports;
}

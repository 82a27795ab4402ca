import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import lockfile from 'proper-lockfile';
import { workerEntry } from '../../lib/worker-entry.ts';
import { DECODE_INDEX_FORMAT, type DecodeIndexData } from './decode-index-data.ts';

const FILE_SUFFIX = '.decode-index';
/** A lock not refreshed this long was left by a crashed process; a compile refreshes it. */
const LOCK_STALE_MS = 30_000;
/** Longer than a compile on a slow machine (about 25 s on 2 busy cores). */
const LOCK_WAIT = { retries: 600, factor: 1, minTimeout: 250, maxTimeout: 250 };

/**
 * The decode index of a database file, compiled on first use into a file next to it and read
 * from there afterwards. The name carries the database's name (its corgi version) and the
 * index format, so new data or a new engine means a new compile; older indexes are removed.
 * Compiling takes a lock beside the file, so processes starting together (test workers,
 * instances sharing DATA_DIR) compile once and the others wait and read; the file itself
 * appears by an atomic rename, so nobody ever reads half of it.
 */
export async function loadDecodeIndex(databasePath: string): Promise<DecodeIndexData> {
  const target = `${databasePath.replace(/\.db$/, '')}.v${DECODE_INDEX_FORMAT}${FILE_SUFFIX}`;
  if (!existsSync(target)) {
    const release = await lockfile.lock(dirname(target), {
      lockfilePath: `${target}.lock`,
      stale: LOCK_STALE_MS,
      retries: LOCK_WAIT,
      realpath: false,
      onCompromised: () => undefined,
    });
    try {
      if (!existsSync(target)) await compileInWorker(databasePath, target);
    } finally {
      await release();
    }
    await removeOtherIndexes(dirname(target), target);
  }
  return readDecodeIndex(target);
}

/** The typed arrays of the index, stored as their bytes, in this order. */
const BINARY = [
  { of: (d: DecodeIndexData) => d.rows, as: Int32Array },
  { of: (d: DecodeIndexData) => d.keyRules.bounds, as: Int32Array },
  { of: (d: DecodeIndexData) => d.keyRules.scores, as: Float64Array },
  { of: (d: DecodeIndexData) => d.keyRules.checks, as: Int32Array },
  { of: (d: DecodeIndexData) => d.keyRules.characters, as: Uint8Array },
] as const;
const ALIGN = 8;
const aligned = (at: number) => Math.ceil(at / ALIGN) * ALIGN;

type StoredHeader = Omit<DecodeIndexData, 'rows' | 'keyRules'> & { binaryBytes: number[] };

/**
 * Layout: a 4-byte length, the JSON of everything but the typed arrays (with their byte
 * lengths), then each typed array's bytes (little-endian) at a multiple of 8, which load
 * without parsing.
 */
export async function writeDecodeIndex(path: string, data: DecodeIndexData): Promise<void> {
  const arrays = BINARY.map(({ of }) => of(data));
  const stored: StoredHeader & Partial<Pick<DecodeIndexData, 'rows' | 'keyRules'>> = {
    ...data,
    binaryBytes: arrays.map((a) => a.byteLength),
  };
  delete stored.rows;
  delete stored.keyRules;
  const header = Buffer.from(JSON.stringify(stored));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const parts: Buffer[] = [length, header];
  let at = 4 + header.length;
  for (const array of arrays) {
    parts.push(Buffer.alloc(aligned(at) - at));
    parts.push(Buffer.from(array.buffer, array.byteOffset, array.byteLength));
    at = aligned(at) + array.byteLength;
  }
  // Unique per call: threads of one process share the pid, and may share the millisecond.
  const partial = `${path}.${randomUUID()}.partial`;
  try {
    await writeFile(partial, parts);
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

export async function readDecodeIndex(path: string): Promise<DecodeIndexData> {
  const file = await readFile(path);
  const headerLength = file.readUInt32LE(0);
  const { binaryBytes, ...rest } = JSON.parse(
    file.toString('utf8', 4, 4 + headerLength),
  ) as StoredHeader;
  let at = 4 + headerLength;
  const [rows, bounds, scores, checks, characters] = BINARY.map(({ as }, i) => {
    const from = file.byteOffset + aligned(at);
    at = aligned(at) + (binaryBytes[i] ?? 0);
    return new as(file.buffer.slice(from, file.byteOffset + at));
  }) as [Int32Array, Int32Array, Float64Array, Int32Array, Uint8Array];
  return { ...rest, rows, keyRules: { bounds, scores, checks, characters } };
}

export interface CompileTask {
  databasePath: string;
  target: string;
}

const WORKER_ENTRY = workerEntry('decode-index.thread', import.meta.url);

/** Compiling takes tens of seconds of CPU; a worker thread keeps them off the event loop. */
function compileInWorker(databasePath: string, target: string): Promise<void> {
  const task: CompileTask = { databasePath, target };
  const worker = new Worker(WORKER_ENTRY.filename, {
    argv: WORKER_ENTRY.argv,
    execArgv: WORKER_ENTRY.execArgv,
    workerData: task,
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    worker.once('message', () => {
      answered = true;
      resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`decode index worker exited with code ${code}`));
    });
  });
}

async function removeOtherIndexes(dir: string, keep: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (name.endsWith(FILE_SUFFIX) && name !== basename(keep))
      await rm(join(dir, name), { force: true });
  }
}

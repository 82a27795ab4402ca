import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { closeToOthers } from '../lib/private-files.ts';
import { lockPgliteDir } from './pglite-lock.ts';
import { asPglite, openPgliteThread } from './threaded-pglite.ts';
import * as schema from './schema.ts';
import { retryOnConflict } from './transaction-retry.ts';

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** One Drizzle type for both drivers, so repositories are written once. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** A pool's connections in use or idle, and the queries waiting for one. */
export interface ConnectionStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Queries waiting for a pooled PostgreSQL connection, which the load shedding counts; 0 on
   * PGlite, where nothing waiting in the thread's line times out.
   */
  waitingForConnection(): number;
  /**
   * The pool's connections and what waits for one, for /metrics: PostgreSQL's pool, or PGlite's
   * one connection and the line in its thread.
   */
  poolStats(): ConnectionStats;
  /** Raw SQL with positional parameters, for libraries that bring their own (pg-boss). */
  executeSql: ExecuteSql;
  /**
   * Runs `work` while no other instance on this database runs its own setup work: instances
   * started together would otherwise migrate, or create pg-boss's queue tables, at the same
   * moment and deadlock. `work` gets raw SQL on the connection that holds the turn, so it needs
   * no second connection from a small pool. PGlite has one instance only: there it simply runs.
   */
  setUpInTurn<T>(work: (executeSql: ExecuteSql) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** Applies the migrations not applied yet (apps/server/drizzle); a no-op when none is. */
  migrate(): Promise<void>;
  /**
   * PGlite only: its data directory as a gzipped tarball, taken inside the process that holds
   * the database, so it is consistent while that process serves requests.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `null` keeps the database in memory (tests). */
  dataDir: string | null;
  /** PostgreSQL: connections in the pool (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** PostgreSQL: how long a query may wait for a pooled connection (REQUEST_TIMEOUT_MS). */
  connectionWaitMs?: number;
  /** Whether opening applies pending migrations (default true; `migrate --check` only looks). */
  migrate?: boolean;
  /**
   * An in-memory PGlite's starting point: a data directory dumped earlier (`dumpDataDir`) and
   * PGlite's compiled module. The suites start each fresh database from one migrated dump
   * instead of running initdb and every migration again (test/support/databases.ts).
   */
  pgliteStart?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'fsBundle'>;
}

/** Any number to pick one lock for setup work; every instance of every version uses it. */
const SETUP_LOCK_KEY = 724_310_551;

/** Opens PostgreSQL when a URL is given, else PGlite persisted under `dataDir`, and migrates. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options)
    : await openPglite(options.dataDir, options.pgliteStart);
  if (options.migrate === false) return database;
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/**
 * PGlite runs PostgreSQL in the process's own memory, and PostgreSQL's default 128 MB of shared
 * buffers were resident in full once the server had started. 16 MB holds an embedded deployment's
 * working set; pages beyond it are read back from the operating system's cache (decision 0017).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openPglite(
  dataDir: string | null,
  start: DatabaseOptions['pgliteStart'],
): Promise<Database> {
  let unlock: () => Promise<void> = () => Promise.resolve();
  let dir: string | null = null;
  if (dataDir !== null) {
    dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = await lockPgliteDir(dir);
  }
  let thread: Awaited<ReturnType<typeof openPgliteThread>>;
  try {
    thread = await openPgliteThread({
      dataDir: dir,
      startParams: PGLITE_START_PARAMS,
      ...(start ? { options: start } : {}),
    });
  } catch (err) {
    await unlock();
    throw err;
  }
  if (dir) closeToOthers(dir);
  const { client } = thread;
  const db = retryingTransactions(drizzlePglite(asPglite(client), { schema }));
  // PGlite's query() runs one statement; several without parameters need exec(). pg-boss
  // returns rows from the middle of such a block (BEGIN; ... RETURNING; COMMIT): all are kept.
  const executeSql: ExecuteSql = async (text, values) => {
    if (values?.length) return client.query(text, values);
    const results = await client.exec(text);
    return { rows: results.flatMap((result) => result.rows) };
  };
  return {
    db,
    kind: 'pglite',
    waitingForConnection: () => 0,
    poolStats: thread.connectionStats,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    setUpInTurn: (work) => work(executeSql),
    executeSql,
    // One that answered a moment ago is alive; asking again would only queue the liveness
    // probe behind the statements in flight (a burst of orders) in its thread.
    ping: async () => {
      if (!client.closed && thread.answeredWithin(PGLITE_ALIVE_FOR_MS)) return;
      await db.execute(sql`select 1`);
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      if (!client.closed) {
        await client.close();
        await unlock();
      }
    },
  };
}

/** How long after its last answer PGlite counts as answering, for the liveness probe. */
const PGLITE_ALIVE_FOR_MS = 1000;

async function openPostgres(
  url: string,
  options: Pick<DatabaseOptions, 'poolMax' | 'connectionWaitMs'>,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectionWaitMs ?? 30_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = retryingTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    waitingForConnection: () => pool.waitingCount,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    migrate: () =>
      setUpPostgresInTurn(pool, (_sql, client) =>
        migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
      ),
    setUpInTurn: (work) => setUpPostgresInTurn(pool, work),
    executeSql: (text, values) => pool.query(text, values),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Instances started together on one database take turns: each holds a session advisory lock
 * on one connection while its `work` runs there; the others wait for the lock, then find
 * nothing left to do.
 */
async function setUpPostgresInTurn<T>(
  pool: pg.Pool,
  work: (executeSql: ExecuteSql, client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // pg-boss starts several queries at once; one connection runs them one after another, and pg
  // deprecates queueing them itself (an error from pg 9), so they wait for each other here.
  let previous: Promise<unknown> = Promise.resolve();
  const inOrder: ExecuteSql = (text, values) => {
    const query = previous.then(() => client.query(text, values));
    previous = query.catch(() => undefined);
    return query;
  };
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    try {
      return await work(inOrder, client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Every top-level transaction of the app runs again on deadlock or serialization failure. */
function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    retryOnConflict(() => transaction(work, config))) as Db['transaction'];
  return db;
}

/**
 * Creates the embedded database under `dataDir` from a dump of another one (dumpDataDir). The
 * directory must hold no database yet: PGlite would not load a dump over one.
 */
export async function loadPgliteDump(dataDir: string, dump: Blob): Promise<void> {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const unlock = await lockPgliteDir(dir);
  try {
    const client = await PGlite.create(dir, { loadDataDir: dump });
    await client.close();
    closeToOthers(dir);
  } finally {
    await unlock();
  }
}

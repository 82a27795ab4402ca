import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/db/client.ts';
import { adminQuery, databaseUrl } from './database-templates.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** `pool` sizes PostgreSQL's pool and its wait for a connection (PGlite has none). */
  open(pool?: { poolMax: number; connectionWaitMs: number }): Promise<Database>;
}

/**
 * The databases every integration suite runs on: PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Each `open()` gives a fresh, migrated database: under
 * Vitest a copy of the one the global setup migrated (database-templates.ts).
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'pglite',
      open: async () =>
        openDatabase({ dataDir: null, ...(fromTemplates ? { pgliteStart: pgliteStart() } : {}) }),
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: (pool) => openFreshPostgres(url, pool) });
  return list;
}

/**
 * Under Vitest, databases are copies of what its global setup migrated; the bench, which opens
 * test apps without Vitest, gets each database migrated from nothing.
 */
const fromTemplates = process.env.VITEST !== undefined;

let start: DatabaseOptions['pgliteStart'];

// The server's tsconfig leaves out the DOM library that declares WebAssembly's values.
const { Module: WasmModule } = (
  globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => WebAssembly.Module };
  }
).WebAssembly;

/** The migrated dump and PGlite's module, read and compiled once per test process. */
function pgliteStart(): DatabaseOptions['pgliteStart'] {
  if (!start) {
    const dist = createRequire(import.meta.url)
      .resolve('@electric-sql/pglite')
      .replace(/[^/]+$/, '');
    start = {
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplateFile'))]),
      pgliteWasmModule: new WasmModule(readFileSync(`${dist}pglite.wasm`)),
      fsBundle: new Blob([readFileSync(`${dist}pglite.data`)]),
    };
  }
  return start;
}

/** Copies the migrated template into a database of its own next to TEST_DATABASE_URL's; dropped on close. */
async function openFreshPostgres(
  baseUrl: string,
  pool?: { poolMax: number; connectionWaitMs: number },
): Promise<Database> {
  const name = `vr_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const template = fromTemplates ? ` TEMPLATE "${inject('postgresTemplate')}"` : '';
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"${template}`);
  const database = await openDatabase({
    databaseUrl: databaseUrl(baseUrl, name),
    dataDir: null,
    ...pool,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

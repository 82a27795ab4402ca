import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** `pool` sizes PostgreSQL's pool and its wait for a connection (PGlite has none). */
  open(pool?: { poolMax: number; connectionWaitMs: number }): Promise<Database>;
}

/**
 * The databases every integration suite runs on: PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Each `open()` gives a fresh, migrated database.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: () => openDatabase({ dataDir: null }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: (pool) => openFreshPostgres(url, pool) });
  return list;
}

/** Creates a database of its own next to TEST_DATABASE_URL's and drops it on close. */
async function openFreshPostgres(
  baseUrl: string,
  pool?: { poolMax: number; connectionWaitMs: number },
): Promise<Database> {
  const name = `vr_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, ...pool });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped: every suite's fresh PGlite starts from it. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database every suite's fresh database is copied from ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

/**
 * The server project's global setup: migrates one database of each kind before any suite runs.
 * A fresh PGlite took seconds of initdb and migrations, opened over a hundred times a run;
 * started from the dump it takes about a second, and a PostgreSQL copy of a template is quicker
 * than migrating an empty database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'vr-test-templates-'));
  const pglite = await openDatabase({ dataDir: null });
  const file = join(dir, 'pglite.tgz');
  try {
    const dump = await pglite.dumpDataDir!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteTemplateFile', file);

  const url = process.env.TEST_DATABASE_URL;
  let template = '';
  if (url) {
    template = `vr_template_${process.pid}_${Date.now()}`;
    await adminQuery(url, `CREATE DATABASE "${template}"`);
    const migrated = await openDatabase({ databaseUrl: databaseUrl(url, template), dataDir: null });
    await migrated.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) await adminQuery(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}

/** `baseUrl` pointing at database `name`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on TEST_DATABASE_URL's own database (CREATE or DROP DATABASE). */
export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR, type Database } from './client.ts';

interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * The committed migrations not applied to `database` yet, oldest first. Drizzle's migrator
 * records each applied migration's `when` as `created_at` in drizzle.__drizzle_migrations and
 * applies every one newer than the newest recorded: the same rule decides here.
 */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const { rows } = await database.executeSql(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  let newest = -Infinity;
  if ((rows[0] as { present: boolean }).present) {
    const applied = await database.executeSql(
      'SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations',
    );
    const value = (applied.rows[0] as { newest: string | null }).newest;
    if (value !== null) newest = Number(value);
  }
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}

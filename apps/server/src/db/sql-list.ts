import { sql, type SQL } from 'drizzle-orm';

/** `'a', 'b'`: a list of our own constants as SQL literals, for a check constraint's `in (...)`. */
export const sqlList = (values: readonly string[]): SQL =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

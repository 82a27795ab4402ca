import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

// PGlite answers on this thread, one query at a time: the queries of a burst must leave the event
// loop its turns, or no request is read and no timer runs until the last of them is done
// (docs/decisions/0021-render-pool-and-roles.md).
it('lets the event loop take its turn while a burst of queries waits for the embedded database', async () => {
  const database = await openDatabase({ dataDir: null, migrate: false });
  try {
    const seen: string[] = [];
    // 16 requests in flight, a hundred queries each: far more than one slice of the loop.
    const burst = Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = 0; i < 100; i += 1) await database.db.execute(sql`select ${i}`);
      }),
    ).then(() => seen.push('burst answered'));
    setImmediate(() => seen.push('event loop turn'));
    await burst;
    expect(seen).toEqual(['event loop turn', 'burst answered']);
  } finally {
    await database.close();
  }
});

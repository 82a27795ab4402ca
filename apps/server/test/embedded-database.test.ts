import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

// PGlite runs each statement synchronously in WebAssembly; it runs in a thread of its own, so the
// event loop reads requests and runs timers while it works
// (docs/decisions/0034-embedded-database-thread.md).
it('lets the event loop take its turn while a burst of queries waits for the embedded database', async () => {
  const database = await openDatabase({ dataDir: null, migrate: false });
  try {
    const seen: string[] = [];
    // 16 requests in flight, a hundred queries each.
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

it('runs timers while one long statement holds the embedded database', async () => {
  const database = await openDatabase({ dataDir: null, migrate: false });
  try {
    const seen: string[] = [];
    const statement = database.db
      .execute(sql`select count(*) from generate_series(1, 3000000)`)
      .then(() => seen.push('statement answered'));
    // On the event loop's own thread the statement ran whole before any timer.
    setTimeout(() => seen.push('timer'), 0);
    setImmediate(() => seen.push('event loop turn'));
    await statement;
    expect(seen.slice(0, 2).sort()).toEqual(['event loop turn', 'timer']);
    expect(seen[2]).toBe('statement answered');
  } finally {
    await database.close();
  }
});

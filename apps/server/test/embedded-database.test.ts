import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { isUniqueViolation } from '../src/db/errors.ts';
import { FROM_SOURCES } from './support/from-sources.ts';

const CLIENT = fileURLToPath(new URL('../src/db/client.ts', import.meta.url));

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

it('answers a statement outside a transaction before the transactions that were waiting for the open one', async () => {
  const database = await openDatabase({ dataDir: null, migrate: false });
  try {
    const seen: string[] = [];
    let endFirst = () => {};
    const firstOpen = new Promise<void>((opened) => {
      void database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        opened();
        await new Promise<void>((end) => (endFirst = end));
        seen.push('first transaction ended');
      });
    });
    await firstOpen;
    // A burst's next transactions wait for the open one, then a customer's read arrives.
    const waiting = Array.from({ length: 3 }, (_, n) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select ${n}`);
        seen.push(`waiting transaction ${n}`);
      }),
    );
    const read = database.db.execute(sql`select 'read'`).then(() => seen.push('read'));
    // Every request is handed to the thread (in order) before the open transaction ends.
    await new Promise(setImmediate);
    // /metrics counts the one connection in use and the four asked for behind it.
    expect(database.poolStats()).toEqual({ total: 1, idle: 0, waiting: 4 });
    endFirst();
    await Promise.all([read, ...waiting]);
    expect(database.poolStats()).toEqual({ total: 1, idle: 1, waiting: 0 });
    expect(seen).toEqual([
      'first transaction ended',
      'read',
      'waiting transaction 0',
      'waiting transaction 1',
      'waiting transaction 2',
    ]);
  } finally {
    await database.close();
  }
});

it("keeps PostgreSQL's error code and rolls the transaction back when a statement in it fails", async () => {
  const database = await openDatabase({ dataDir: null, migrate: false });
  try {
    await database.db.execute(sql`create table kept (id int primary key)`);
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
        await tx.execute(sql`insert into kept values (1)`);
      })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(failed)).toBe(true);
    const rows = await database.db.execute(sql`select count(*)::int as n from kept`);
    expect(rows.rows).toEqual([{ n: 0 }]);
  } finally {
    await database.close();
  }
});

it('lets a process that left the embedded database open exit once its work is done', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vr-open-db-'));
  const script = join(dir, 'left-open.mts');
  writeFileSync(
    script,
    [
      `import { openDatabase } from ${JSON.stringify(CLIENT)};`,
      `const database = await openDatabase({ dataDir: null, migrate: false });`,
      `await database.executeSql('select 1');`,
      `console.log('answered');`,
    ].join('\n'),
  );
  const child = spawn(process.execPath, [...FROM_SOURCES, script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(out.trim()).toBe('answered');
    expect(code).toBe(0);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

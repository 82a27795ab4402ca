import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { PgliteRequest, PgliteStart, ThreadAnswer } from './threaded-pglite.ts';

/**
 * The embedded database in a thread of its own (threaded-pglite.ts): PGlite runs each statement
 * synchronously in WebAssembly, and a report's completion takes 8–23 ms of it, so it runs here
 * instead of on the event loop that answers HTTP. Answers requests one at a time as PGlite's
 * own locks order them (statements outside a transaction wait for the one open), with one
 * transaction at a time given to PGlite.
 */
const port = parentPort!;
const start = workerData as PgliteStart;

function answer(message: ThreadAnswer, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

/** An error's message and its plain fields (PostgreSQL's code, detail, constraint...). */
function plainError(err: unknown): Extract<ThreadAnswer, { ok: false }>['error'] {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(e)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as never;
  }
  return { name: e.name, message: e.message, stack: e.stack ?? '', fields };
}

/** drizzle hands PGlite identity parsers (dates stay text); they cannot cross threads. */
const identityParsers = (types: number[]) =>
  Object.fromEntries(types.map((type) => [type, (value: string) => value]));

const pg =
  start.dataDir === null
    ? await PGlite.create({ ...start.options, startParams: start.startParams })
    : await PGlite.create(start.dataDir, { startParams: start.startParams });

const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
const finished = new Map<number, Promise<void>>();
let nextTransaction = 1;

/**
 * PGlite is given one transaction at a time; the next waits here. PGlite's own lock is first come
 * first served, so a statement outside a transaction (a customer's read) used to queue behind every
 * transaction a burst had begun (16 order placements: p99 of a signed-in read 116-161 ms); now it
 * waits for the transaction PGlite runs and those statements ahead of it, then goes before the
 * next transaction. Transactions still run in the order they began, so none waits for ever.
 */
const nextInLine: (() => void)[] = [];
let transactionGiven = false;

function turnForTransaction(): Promise<void> {
  if (!transactionGiven) {
    transactionGiven = true;
    return Promise.resolve();
  }
  return new Promise((turn) => nextInLine.push(turn));
}

function transactionOver(): void {
  const next = nextInLine.shift();
  if (next) next();
  else transactionGiven = false;
}

/** The open transaction `tx` names, or PGlite itself when none is named. */
function runsOn(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return pg;
  const found = open.get(tx)?.tx;
  if (!found) throw new Error('Transaction is closed');
  return found;
}

async function handle(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return runsOn(request.tx).query(request.text, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.rawTypes ? { parsers: identityParsers(request.rawTypes) } : {}),
      });
    case 'exec':
      return runsOn(request.tx).exec(request.text);
    case 'begin': {
      await turnForTransaction();
      const id = nextTransaction++;
      return new Promise<number>((began, failed) => {
        const done = pg.transaction(async (tx) => {
          const commit = await new Promise<boolean>((end) => {
            open.set(id, { tx, end });
            began(id);
          });
          if (!commit) await tx.rollback();
        });
        const settled = done.finally(() => {
          open.delete(id);
          transactionOver();
        });
        // Its failure is answered to `end`; one whose BEGIN failed has none, and fails `begin`.
        settled.catch(() => undefined);
        finished.set(id, settled);
        done.catch(failed);
      });
    }
    case 'end': {
      open.get(request.tx)?.end(request.commit);
      const done = finished.get(request.tx);
      finished.delete(request.tx);
      return done;
    }
    case 'dump': {
      const dump = await pg.dumpDataDir('gzip');
      return dump.arrayBuffer();
    }
    case 'close':
      await pg.close();
      return undefined;
  }
}

port.on('message', (request: PgliteRequest) => {
  handle(request).then(
    (result) =>
      answer({ id: request.id, ok: true, result }, result instanceof ArrayBuffer ? [result] : []),
    (err: unknown) => answer({ id: request.id, ok: false, error: plainError(err) }),
  );
});
answer({ id: 0, ok: true, result: 'ready' });

import { Worker } from 'node:worker_threads';
import type { PGlite, PGliteOptions, Results } from '@electric-sql/pglite';
import { workerEntry } from '../lib/worker-entry.ts';
import type { ConnectionStats } from './client.ts';

/** How the thread opens PGlite: persisted under `dataDir`, or in memory from `options`. */
export interface PgliteStart {
  dataDir: string | null;
  startParams: string[];
  options?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'fsBundle'>;
}

/** What the main thread asks; `tx` names an open transaction, else PGlite itself answers. */
type PgliteCall =
  | {
      op: 'query';
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Types whose values stay text (drizzle's identity parsers). */
      rawTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };

export type PgliteRequest = PgliteCall & { id: number };

export type ThreadAnswer =
  | { id: number; ok: true; result: unknown }
  | {
      id: number;
      ok: false;
      error: {
        name: string;
        message: string;
        stack: string;
        fields: Record<string, string | number | boolean>;
      };
    };

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

/** The part of PGlite's API the product uses: drizzle, pg-boss's SQL, backups and shutdown. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(work: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
}

interface PgliteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

const ENTRY = workerEntry('pglite.thread', import.meta.url);

/** The thread's error, with PostgreSQL's fields (code, constraint...) where the code looks. */
function rebuilt(error: Extract<ThreadAnswer, { ok: false }>['error']): Error {
  const err = Object.assign(new Error(error.message), error.fields);
  err.name = error.name;
  err.stack = error.stack;
  return err;
}

function queryRequest(text: string, params?: unknown[], options?: QueryOptions) {
  return {
    op: 'query' as const,
    text,
    ...(params?.length ? { params } : {}),
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options?.parsers ? { rawTypes: Object.keys(options.parsers).map(Number) } : {}),
  };
}

/**
 * PGlite in a thread of its own (pglite.thread.ts), behind the calls the product makes of it:
 * the event loop only hands statements over and takes the answers back. The thread keeps the
 * process alive only while a request to it is unanswered or a transaction is open, so a
 * database left open does not hold a finished process.
 */
export async function openPgliteThread(start: PgliteStart): Promise<{
  client: PgliteClient;
  answeredWithin(ms: number): boolean;
  connectionStats(): ConnectionStats;
}> {
  const worker = new Worker(ENTRY.filename, {
    argv: ENTRY.argv,
    execArgv: ENTRY.execArgv,
    workerData: start,
  });
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let busy = 0;
  // Statements and transactions asked for outside a transaction and not yet answered (a
  // transaction's own statements are part of it); transactions begun and not yet ended.
  let outside = 0;
  let openTransactions = 0;
  let closed = false;
  let lastAnswerAt = -Infinity;
  let exitError: Error | null = null;

  const hold = () => {
    if (busy++ === 0) worker.ref();
  };
  const release = () => {
    if (--busy === 0) worker.unref();
  };

  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (message: ThreadAnswer) => {
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    lastAnswerAt = performance.now();
    if (message.ok) call.resolve(message.result);
    else call.reject(rebuilt(message.error));
  });
  const fail = (err: Error) => {
    exitError = err;
    closed = true;
    for (const call of waiting.values()) call.reject(err);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread exited (code ${code})`)));

  const ask = <T>(request: PgliteCall): Promise<T> => {
    if (exitError) return Promise.reject(exitError);
    const id = nextId++;
    const queued = !('tx' in request && request.tx !== undefined) && request.op !== 'close';
    hold();
    if (queued) outside += 1;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    }).finally(() => {
      if (queued) outside -= 1;
      release();
    });
  };

  await ready;
  worker.unref();

  const client: PgliteClient = {
    query: (text, params, options) => ask(queryRequest(text, params, options)),
    exec: (text) => ask({ op: 'exec', text }),
    async transaction(work) {
      const tx = await ask<number>({ op: 'begin' });
      // The open transaction holds the thread, and so the process, until it ends.
      hold();
      openTransactions += 1;
      let ended = false;
      const end = async (commit: boolean) => {
        if (ended) throw new Error('Transaction is closed');
        ended = true;
        await ask({ op: 'end', tx, commit });
      };
      const handle: PgliteTransaction = {
        query: (text, params, options) => ask({ ...queryRequest(text, params, options), tx }),
        exec: (text) => ask({ op: 'exec', text, tx }),
        rollback: () => end(false),
        get closed() {
          return ended;
        },
      };
      try {
        const result = await work(handle);
        if (!ended) await end(true);
        return result;
      } catch (err) {
        if (!ended) await end(false).catch(() => undefined);
        throw err;
      } finally {
        openTransactions -= 1;
        release();
      }
    },
    async dumpDataDir() {
      return new Blob([await ask<ArrayBuffer>({ op: 'dump' })]);
    },
    async close() {
      if (closed) return;
      await ask({ op: 'close' });
      closed = true;
      await worker.terminate();
    },
    get closed() {
      return closed;
    },
  };
  return {
    client,
    answeredWithin: (ms) => performance.now() - lastAnswerAt < ms,
    // A pool of one connection: in use while PGlite runs a statement or holds a transaction
    // open. While a transaction is open, whatever else was asked waits behind it; otherwise one
    // of them runs and the rest wait.
    connectionStats() {
      const running = openTransactions > 0 ? 0 : Math.min(outside, 1);
      const inUse = openTransactions > 0 || outside > 0;
      return { total: 1, idle: inUse ? 0 : 1, waiting: outside - running };
    },
  };
}

/** drizzle's PGlite driver takes the client for PGlite itself; it calls only what it has. */
export const asPglite = (client: PgliteClient): PGlite => client as unknown as PGlite;

/**
 * The decode bench's load, in a process of its own so the server's event loop is measured alone.
 * Told what to do over IPC; answers the latencies it saw, in milliseconds. Requests come from
 * autocannon, whose client costs a fraction of fetch's, so on a 2-core machine the load takes
 * little of the CPU the server is measured on; requests ask for gzip or brotli, as browsers and
 * HTTP libraries do. A probe (health, a signed-in customer's credit) runs in a process of its
 * own, so what it measures is the server's delay, not that of the process making the load.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

export type LoadTask =
  | { kind: 'singles'; base: string; vins: string[]; inFlight: number }
  | { kind: 'gets'; base: string; paths: string[]; inFlight: number; token?: string }
  | { kind: 'batches'; base: string; batches: string[]; clients: number; durationMs: number }
  | {
      kind: 'probe';
      base: string;
      paths: string[];
      token: string;
      durationMs: number;
      intervalMs: number;
    };

export interface LoadResult {
  elapsedMs: number;
  /** Latencies of 2xx answers, per path for a probe. */
  latencies: Record<string, number[]>;
  failed: number;
}

const ACCEPT_ENCODING = 'gzip, deflate, br';

function load(
  options: autocannon.Options,
  paths: () => autocannon.Request,
  key: string,
  token?: string,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  // autocannon ends a run on its once-a-second tick: the time is taken to the last answer.
  let lastAnswer = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        ...options,
        headers: {
          'accept-encoding': ACCEPT_ENCODING,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        requests: [{ setupRequest: (request) => ({ ...request, ...paths() }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          elapsedMs: lastAnswer - started,
          latencies: { [key]: latencies },
          failed: failed + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastAnswer = performance.now();
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else failed++;
    });
  });
}

function singles(task: Extract<LoadTask, { kind: 'singles' }>): Promise<LoadResult> {
  let next = 0;
  return load(
    { url: task.base, connections: task.inFlight, amount: task.vins.length },
    () => ({
      method: 'GET',
      path: `/api/vehicles/DecodeVinValues/${task.vins[next++ % task.vins.length]}?format=json`,
    }),
    'decode',
  );
}

/** Each of `paths` once, in turn, with `inFlight` requests in flight (signed in with `token`). */
function gets(task: Extract<LoadTask, { kind: 'gets' }>): Promise<LoadResult> {
  let next = 0;
  return load(
    { url: task.base, connections: task.inFlight, amount: task.paths.length },
    () => ({ method: 'GET', path: task.paths[next++ % task.paths.length] as string }),
    'get',
    task.token,
  );
}

function batches(task: Extract<LoadTask, { kind: 'batches' }>): Promise<LoadResult> {
  let next = 0;
  return load(
    { url: task.base, connections: task.clients, duration: task.durationMs / 1000 },
    () => ({
      method: 'POST',
      path: '/api/vehicles/DecodeVINValuesBatch/',
      headers: {
        'accept-encoding': ACCEPT_ENCODING,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `DATA=${task.batches[next++ % task.batches.length]}`,
    }),
    'batch',
  );
}

/**
 * Each path every `intervalMs`, whether or not the last answer came, as visitors would ask: a
 * probe that waited for its answers would ask less of a slow server and more of a fast one,
 * and its own load (a credit check costs milliseconds of database work) would differ between
 * the servers compared.
 */
async function probe(task: Extract<LoadTask, { kind: 'probe' }>): Promise<LoadResult> {
  const latencies: Record<string, number[]> = Object.fromEntries(task.paths.map((p) => [p, []]));
  let failed = 0;
  const asked: Promise<void>[] = [];
  const ask = async (path: string) => {
    const t = performance.now();
    const res = await fetch(`${task.base}${path}`, {
      headers: { authorization: `Bearer ${task.token}` },
    });
    await res.arrayBuffer();
    if (res.ok) latencies[path]?.push(performance.now() - t);
    else failed++;
  };
  const started = performance.now();
  for (let due = started; due < started + task.durationMs; due += task.intervalMs) {
    await sleep(due - performance.now());
    for (const path of task.paths) asked.push(ask(path));
  }
  await Promise.all(asked);
  return { elapsedMs: performance.now() - started, latencies, failed };
}

const run = { singles, gets, batches, probe } as const;

process.on('message', (task: LoadTask) => {
  (run[task.kind] as (t: LoadTask) => Promise<LoadResult>)(task).then(
    (result) => process.send?.(result),
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`);
      process.exit(1);
    },
  );
});

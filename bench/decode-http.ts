import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DECODE_BATCH_MAX } from '@vr/contracts';
import { FROM_SOURCES } from '../apps/server/test/support/from-sources.ts';
import { createAccount } from '../e2e/support/accounts.ts';
import { Inbox } from '../e2e/support/inbox.ts';
import { freePort } from '../e2e/support/server.ts';
import type { ServerReport, ServerTask } from './decode-server.ts';
import type { LoadResult, LoadTask } from './http-load.ts';

export const IN_FLIGHT = 16;
/**
 * Unseen VINs decoded over HTTP before anything is measured: a running server has compiled its
 * hot paths long ago, so a fresh one's first requests (V8 still interpreting) are not counted.
 */
export const WARM_UP_COUNT = 2_000;
export const FLOOD_CLIENTS = 20;
export const FLOOD_MS = 15_000;
/** A health check and a signed-in customer's credit request every 50 ms during the flood. */
const PROBE_INTERVAL_MS = 50;
const HEALTH = '/api/api/health';
const CREDIT = '/api/api/user/credit';

export interface Figures {
  medianMs: number;
  p99Ms: number;
  perSecond: number;
}

export interface HttpFigures {
  single: Figures;
  /** The server's CPU time (user and system) per single decode, in microseconds. */
  singleCpuUs: number;
  batch: Figures;
  /** The server's CPU time per 50-VIN batch during the flood (probes included), in microseconds. */
  batchCpuUs: number;
  health: Figures;
  credit: Figures;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** The server's resident memory after the flood. */
  serverRssBytes: number;
  /** Answers other than 2xx and transport errors, over all loads: 0 expected. */
  failed: number;
}

/**
 * The server of `dataDir` (whose decode index is compiled) on loopback, with the decode budget
 * raised past the load: `singles` asked one at a time with IN_FLIGHT in flight, then
 * FLOOD_CLIENTS clients posting 50-VIN batches of `floodVins` for FLOOD_MS while a signed-in
 * customer asks for health and credit every PROBE_INTERVAL_MS. The server and the loads run in
 * child processes of their own; the event-loop delay and CPU time are the server's.
 */
export async function measureDecodeHttp(
  dataDir: string,
  warmUpVins: string[],
  singles: string[],
  floodVins: string[],
): Promise<HttpFigures> {
  const inbox = new Inbox();
  await inbox.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await forkServer({
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: inbox.url,
    DECODE_RATE_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
  });
  const children = [forkLoad(), forkLoad()] as const;
  try {
    const { token } = await createAccount({ url: base }, inbox, 'bench-customer@example.com');

    await inChild(children[0], { kind: 'singles', base, vins: warmUpVins, inFlight: IN_FLIGHT });
    await ask(server, { kind: 'watch' });
    const single = await inChild(children[0], {
      kind: 'singles',
      base,
      vins: singles,
      inFlight: IN_FLIGHT,
    });
    const cpu = await ask<ServerReport>(server, { kind: 'report' });

    const batches = [];
    for (let i = 0; i + DECODE_BATCH_MAX <= floodVins.length; i += DECODE_BATCH_MAX) {
      batches.push(floodVins.slice(i, i + DECODE_BATCH_MAX).join(';'));
    }
    await ask(server, { kind: 'watch' });
    const [flood, probe] = await Promise.all([
      inChild(children[0], {
        kind: 'batches',
        base,
        batches,
        clients: FLOOD_CLIENTS,
        durationMs: FLOOD_MS,
      }),
      inChild(children[1], {
        kind: 'probe',
        base,
        paths: [HEALTH, CREDIT],
        token,
        durationMs: FLOOD_MS,
        intervalMs: PROBE_INTERVAL_MS,
      }),
    ]);
    const floodServer = await ask<ServerReport>(server, { kind: 'report' });
    const decodes = single.latencies.decode ?? [];
    return {
      single: figures(decodes, single.elapsedMs),
      singleCpuUs: cpu.cpuUs / Math.max(1, decodes.length),
      batch: figures(flood.latencies.batch ?? [], flood.elapsedMs),
      batchCpuUs: floodServer.cpuUs / Math.max(1, flood.latencies.batch?.length ?? 0),
      health: figures(probe.latencies[HEALTH] ?? [], probe.elapsedMs),
      credit: figures(probe.latencies[CREDIT] ?? [], probe.elapsedMs),
      loopDelayP99Ms: floodServer.loopDelayP99Ms,
      loopDelayMaxMs: floodServer.loopDelayMaxMs,
      serverRssBytes: floodServer.rssBytes,
      failed: single.failed + flood.failed + probe.failed,
    };
  } finally {
    for (const child of children) child.kill();
    await stopServer(server);
    await inbox.close();
  }
}

/** The server from its sources (tsx), optionally with a CPU profile (BENCH_CPU_PROF=1). */
async function forkServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('./decode-server.ts', import.meta.url)), {
    env: { ...process.env, DATABASE_URL: '', ...env },
    execArgv: [
      ...FROM_SOURCES,
      ...(process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', '--cpu-prof-dir=.'] : []),
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.once('message', () => resolve());
  });
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function ask<T = unknown>(child: ChildProcess, task: ServerTask): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(task);
  });
}

function forkLoad(): ChildProcess {
  return fork(fileURLToPath(new URL('./http-load.ts', import.meta.url)));
}

function inChild(child: ChildProcess, task: LoadTask): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`load process exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (result) => {
      child.off('exit', onExit);
      resolve(result as LoadResult);
    });
    child.send(task);
  });
}

export function figures(latencies: number[], elapsedMs: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    medianMs: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    perSecond: latencies.length / (elapsedMs / 1000),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

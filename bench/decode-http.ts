import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DECODE_BATCH_MAX } from '@vr/contracts';
import { createAccount } from '../e2e/support/accounts.ts';
import { Inbox } from '../e2e/support/inbox.ts';
import { freePort } from '../e2e/support/server.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { startRuntime } from '../apps/server/src/runtime.ts';
import type { LoadResult, LoadTask } from './http-load.ts';

export const IN_FLIGHT = 16;
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
  /** Answers other than 2xx and transport errors, over all loads: 0 expected. */
  failed: number;
}

/**
 * The server of `dataDir` (whose decode index is compiled) on loopback, with the decode budget
 * raised past the load: `singles` asked one at a time with IN_FLIGHT in flight, then
 * FLOOD_CLIENTS clients posting 50-VIN batches of `floodVins` for FLOOD_MS while a signed-in
 * customer asks for health and credit every PROBE_INTERVAL_MS. The loads run in child
 * processes; the event-loop delay and CPU time are the server's own (this process's).
 */
export async function measureDecodeHttp(
  dataDir: string,
  singles: string[],
  floodVins: string[],
): Promise<HttpFigures> {
  const inbox = new Inbox();
  await inbox.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const runtime = await startRuntime(
    parseConfig({
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SMTP_URL: inbox.url,
      DECODE_RATE_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
    }),
  );
  const children = [forkLoad(), forkLoad()] as const;
  try {
    await runtime.app.listen({ port, host: '127.0.0.1' });
    const { token } = await createAccount({ url: base }, inbox, 'bench-customer@example.com');

    const cpuBefore = process.cpuUsage();
    const single = await inChild(children[0], {
      kind: 'singles',
      base,
      vins: singles,
      inFlight: IN_FLIGHT,
    });
    const cpu = process.cpuUsage(cpuBefore);

    const batches = [];
    for (let i = 0; i + DECODE_BATCH_MAX <= floodVins.length; i += DECODE_BATCH_MAX) {
      batches.push(floodVins.slice(i, i + DECODE_BATCH_MAX).join(';'));
    }
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const floodCpuBefore = process.cpuUsage();
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
    delay.disable();
    const floodCpu = process.cpuUsage(floodCpuBefore);
    const decodes = single.latencies.decode ?? [];
    return {
      single: figures(decodes, single.elapsedMs),
      singleCpuUs: (cpu.user + cpu.system) / Math.max(1, decodes.length),
      batch: figures(flood.latencies.batch ?? [], flood.elapsedMs),
      batchCpuUs:
        (floodCpu.user + floodCpu.system) / Math.max(1, flood.latencies.batch?.length ?? 0),
      health: figures(probe.latencies[HEALTH] ?? [], probe.elapsedMs),
      credit: figures(probe.latencies[CREDIT] ?? [], probe.elapsedMs),
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
      failed: single.failed + flood.failed + probe.failed,
    };
  } finally {
    for (const child of children) child.kill();
    await runtime.close();
    await inbox.close();
  }
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

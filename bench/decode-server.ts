/**
 * The server the decode bench measures, in a process of its own (from its sources), so its
 * heap holds only what a server holds (not the bench's corgi and in-process engine). Told over
 * IPC when to start and stop watching its event loop and CPU; `BENCH_CPU_PROF=1` writes a CPU
 * profile (node's --cpu-prof) into the working directory when it exits.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseConfig } from '../apps/server/src/config.ts';
import { startRuntime } from '../apps/server/src/runtime.ts';

export type ServerTask = { kind: 'watch' } | { kind: 'report' };

export interface ServerReport {
  /** CPU time (user and system) since `watch`, in microseconds. */
  cpuUs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  rssBytes: number;
}

const runtime = await startRuntime(parseConfig(process.env));
const port = Number(process.env.PORT);
await runtime.app.listen({ port, host: '127.0.0.1' });

let delay = monitorEventLoopDelay({ resolution: 1 });
let cpuFrom = process.cpuUsage();
process.on('message', (task: ServerTask) => {
  if (task.kind === 'watch') {
    delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    cpuFrom = process.cpuUsage();
    process.send?.({ kind: 'watching' });
    return;
  }
  delay.disable();
  const cpu = process.cpuUsage(cpuFrom);
  const report: ServerReport = {
    cpuUs: cpu.user + cpu.system,
    loopDelayP99Ms: delay.percentile(99) / 1e6,
    loopDelayMaxMs: delay.max / 1e6,
    rssBytes: process.memoryUsage().rss,
  };
  process.send?.(report);
});
process.once('SIGTERM', () => {
  void runtime.close().then(() => process.exit(0));
});
process.send?.({ kind: 'listening' });

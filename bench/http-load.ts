/**
 * The bench's load, in a process of its own so the server's event loop is measured alone. Told
 * what to do over IPC; answers the latencies it saw, in milliseconds.
 */
export type LoadTask =
  | { kind: 'singles'; base: string; vins: string[]; inFlight: number }
  | { kind: 'flood'; base: string; batches: string[]; clients: number; durationMs: number };

export interface LoadResult {
  elapsedMs: number;
  latencies: number[];
  healthLatencies: number[];
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await request();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return performance.now() - started;
}

async function singles(task: Extract<LoadTask, { kind: 'singles' }>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    for (let i = next++; i < task.vins.length; i = next++) {
      const url = `${task.base}/api/vehicles/DecodeVinValues/${task.vins[i]}?format=json`;
      latencies.push(await timed(() => fetch(url)));
    }
  };
  await Promise.all(Array.from({ length: task.inFlight }, client));
  return { elapsedMs: performance.now() - started, latencies, healthLatencies: [] };
}

async function flood(task: Extract<LoadTask, { kind: 'flood' }>): Promise<LoadResult> {
  const latencies: number[] = [];
  const healthLatencies: number[] = [];
  const started = performance.now();
  const until = started + task.durationMs;
  let next = 0;
  const client = async () => {
    while (performance.now() < until) {
      const body = `DATA=${task.batches[next++ % task.batches.length]}`;
      const post = () =>
        fetch(`${task.base}/api/vehicles/DecodeVINValuesBatch/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
      latencies.push(await timed(post));
    }
  };
  const prober = async () => {
    while (performance.now() < until) {
      healthLatencies.push(await timed(() => fetch(`${task.base}/api/api/health`)));
    }
  };
  await Promise.all([...Array.from({ length: task.clients }, client), prober()]);
  return { elapsedMs: performance.now() - started, latencies, healthLatencies };
}

process.on('message', (task: LoadTask) => {
  (task.kind === 'singles' ? singles(task) : flood(task)).then(
    (result) => process.send?.(result),
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`);
      process.exit(1);
    },
  );
});

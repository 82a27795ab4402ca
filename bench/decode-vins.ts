/** The unseen VINs the decode bench asks for: built from the offline data's own model patterns. */
import { expectedCheckDigit } from '@vr/contracts';
// The same seeded generator as the decode tests, so every run decodes the same VINs.
import { seededRandom } from '../apps/server/test/support/decode-samples.ts';
import { openVpicDatabase } from '../apps/server/src/adapters/vin-decoder/vpic-sqlite.ts';

const SEED = 20_240_601;
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_YEAR = 1981;
const LAST_YEAR = new Date().getFullYear();

export interface SampleVin {
  vin: string;
  model: string;
  manufacturerId: string;
  year: number;
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
export async function sampleVins(databasePath: string, count: number): Promise<SampleVin[]> {
  const random = seededRandom(SEED);
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
  const db = openVpicDatabase(databasePath);
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

/** Distinct VINs from the sampled ones: other serials (positions 12–17), check digit redone. */
export function variations(vins: string[], count: number): string[] {
  const random = seededRandom(SEED + 1);
  const seen = new Set(vins);
  const out: string[] = [];
  while (out.length < count) {
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

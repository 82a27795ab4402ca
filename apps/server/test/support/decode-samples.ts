import { expectedCheckDigit } from '@vr/contracts';
import type { DecodeIndexData } from '../../src/adapters/vin-decoder/decode-index-data.ts';

/** One decode request of the differential test, as the service hands it to the decoder. */
export interface DecodeSample {
  vin: string;
  modelYear?: number;
}

export const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const ODD_CHARACTERS = ['I', 'O', 'Q', '-', '*', 'É', '.', '_', '€'];
const FIRST_YEAR = 1981;
const LAST_YEAR = new Date().getFullYear();
const KIND_COUNT = 20;

/**
 * Requests built from the compiled data, one per WMI (every WMI, in the data's order), so they
 * reach the schemas a real VIN would: positions 4–8 and 10–17 follow a key of one of the WMI's
 * schemas, in a model year it is registered for. By the request's place, most are valid VINs;
 * the rest have a wrong check digit, a letter in position 9, are cut short (some with a model
 * year), carry characters no VIN has, or run past 17 characters.
 */
export function decodeSamples(data: DecodeIndexData, seed: number): DecodeSample[] {
  const random = seededRandom(seed);
  return Object.entries(data.wmiSchemas).map(([wmi, registrations], i) =>
    varied(builtVin(data, wmi, registrations, random), i % KIND_COUNT, random),
  );
}

function builtVin(
  data: DecodeIndexData,
  wmi: string,
  registrations: number[],
  random: () => number,
): { vin: string; year: number } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const at = Math.floor(random() * (registrations.length / 3)) * 3;
  const schema = registrations[at] ?? 0;
  const from = Math.max(FIRST_YEAR, registrations[at + 1] ?? FIRST_YEAR);
  const to = Math.min(
    LAST_YEAR,
    (registrations[at + 2] ?? -1) < 0 ? LAST_YEAR : (registrations[at + 2] ?? LAST_YEAR),
  );
  const year = from + Math.floor(random() * Math.max(1, to - from + 1));

  const chars = Array.from({ length: 17 }, () => pick([...VIN_ALPHABET]));
  const first = data.schemaRows[schema] ?? 0;
  const count = (data.schemaRows[schema + 1] ?? 0) - first;
  const key =
    count > 0 ? (data.keys[data.rows[(first + Math.floor(random() * count)) * 5] ?? 0] ?? '') : '';
  const [descriptor = '', identifier = ''] = key.split('|');
  follow(chars, descriptor, 3, pick);
  follow(chars, identifier, 9, pick);
  [...wmi.slice(0, 3)].forEach((ch, i) => (chars[i] = ch));
  // A WMI ending in 9 continues in positions 12–14.
  [...wmi.slice(3)].forEach((ch, i) => (chars[11 + i] = ch));
  chars[9] = YEAR_CODES[(year - 1980) % 30] ?? 'A';
  chars[6] = pick([...(year < 2010 ? '0123456789' : 'ABCDEFGHJKLMNPRSTUVWXYZ')]);
  const draft = chars.join('');
  return { vin: `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`, year };
}

/** Characters a key's tokens accept, from position `start` (0-based). */
function follow(chars: string[], part: string, start: number, pick: (items: string[]) => string) {
  (part.match(/\[[^\]]*\]|./g) ?? []).forEach((token, i) => {
    if (token === '*' || start + i >= chars.length) return;
    const options = token.startsWith('[')
      ? [...VIN_ALPHABET].filter((ch) => new RegExp(`^${token}$`).test(ch))
      : [token];
    if (options.length > 0) chars[start + i] = pick(options);
  });
}

function varied(
  built: { vin: string; year: number },
  kind: number,
  random: () => number,
): DecodeSample {
  const { vin, year } = built;
  const at = (i: number, ch: string) => `${vin.slice(0, i)}${ch}${vin.slice(i + 1)}`;
  const pick = (items: string) => items.charAt(Math.floor(random() * items.length));
  if (kind < 12) return { vin };
  if (kind < 14) return { vin: at(8, vin.charAt(8) === '0' ? '1' : '0') };
  if (kind === 14) return { vin: at(8, pick('ABCDEFGHJKLMNPRSTUVWYZ')) };
  if (kind < 17) return { vin: vin.slice(0, 3 + Math.floor(random() * 14)) };
  if (kind === 17) return { vin: vin.slice(0, 8), modelYear: year };
  if (kind === 18) {
    const odd = ODD_CHARACTERS[Math.floor(random() * ODD_CHARACTERS.length)] ?? 'I';
    return { vin: at(3 + Math.floor(random() * 14), odd) };
  }
  return { vin: `${vin}${pick(VIN_ALPHABET)}${pick(VIN_ALPHABET)}` };
}

/** A small seeded generator (mulberry32), so a seed always gives the same requests. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

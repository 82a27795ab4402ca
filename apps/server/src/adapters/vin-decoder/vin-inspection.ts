import { VIN_LENGTH, expectedCheckDigit, hasValidVinCharacters } from '@vr/contracts';

/** Model-year codes of position 10, in order from the first year of a 30-year cycle. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const LISTED_INVALID_MAX = 17;

/** What a VIN's characters alone tell, before any data is consulted (1-based positions). */
export interface VinInspection {
  vin: string;
  /** Per position 1–17: the character when the input supplies a valid one there. */
  known: (string | undefined)[];
  /** Positions (any, even past 17) holding something outside the VIN alphabet. */
  invalidPositions: number[];
  incomplete: boolean;
  tooLong: boolean;
  /** Position 9 is wrong, or cannot be checked because a character of the 17 is invalid. */
  checkDigitWrong: boolean;
  /** Position 10 is present but no model-year code (0, U, Z, or an invalid character). */
  yearCodeInvalid: boolean;
  /** The World Manufacturer Identifier, when every position it needs is known. */
  wmi: string | undefined;
  /** The model year the hint or positions 7 and 10 establish. */
  modelYear: number | undefined;
}

/** By character code: whether the character belongs to the VIN alphabet (ASCII only). */
const IN_ALPHABET = Uint8Array.from({ length: 128 }, (_, code) =>
  hasValidVinCharacters(String.fromCharCode(code)) ? 1 : 0,
);

/** Whether one character (a code point, as `[...vin]` gives them) is a valid VIN character. */
function validCharacter(ch: string): boolean {
  return ch.length === 1 && IN_ALPHABET[ch.charCodeAt(0)] === 1;
}

export function inspectVin(vin: string, modelYearHint?: number): VinInspection {
  const chars = [...vin];
  const known: (string | undefined)[] = [];
  let unknown = false;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const ch = chars[i];
    const valid = ch !== undefined && validCharacter(ch);
    known.push(valid ? ch : undefined);
    unknown ||= !valid;
  }
  const invalidPositions: number[] = [];
  chars.forEach((ch, i) => {
    if (!validCharacter(ch)) invalidPositions.push(i + 1);
  });
  const complete = chars.length >= VIN_LENGTH;
  const yearChar = chars[9];
  return {
    vin,
    known,
    invalidPositions,
    incomplete: chars.length < VIN_LENGTH,
    tooLong: chars.length > VIN_LENGTH,
    // With all 17 known, they are single ASCII characters: the string's first 17.
    checkDigitWrong: complete && (unknown || vin.charAt(8) !== expectedCheckDigit(vin)),
    yearCodeInvalid: yearChar !== undefined && !YEAR_CODES.includes(yearChar),
    wmi: wmiOf(known),
    modelYear: modelYearHint ?? modelYearOf(known),
  };
}

/** Small manufacturers share a WMI ending in 9 and are told apart by positions 12–14. */
function wmiOf(known: (string | undefined)[]): string | undefined {
  const [first, second, third] = known;
  if (first === undefined || second === undefined || third === undefined) return undefined;
  const head = first + second + third;
  if (third !== '9') return head;
  const [twelfth, thirteenth, fourteenth] = known.slice(11, 14);
  if (twelfth === undefined || thirteenth === undefined || fourteenth === undefined) {
    return undefined;
  }
  return head + twelfth + thirteenth + fourteenth;
}

/**
 * Position 10 repeats every 30 years; for light vehicles since 2010 position 7 is a letter,
 * before that a digit. A year past next year belongs to the previous cycle.
 */
function modelYearOf(known: (string | undefined)[]): number | undefined {
  const yearChar = known[9];
  const seventh = known[6];
  if (yearChar === undefined || seventh === undefined) return undefined;
  const index = YEAR_CODES.indexOf(yearChar);
  if (index < 0) return undefined;
  const year = (seventh >= '0' && seventh <= '9' ? 1980 : 2010) + index;
  return year > new Date().getFullYear() + 1 ? year - 30 : year;
}

/** The 17 characters corgi is given: known ones kept, the rest a placeholder it accepts. */
export function decodableVin(inspection: VinInspection): string {
  return inspection.known.map((ch, i) => ch ?? (i === 8 ? 'X' : 'Z')).join('');
}

/** vPIC's note on bad characters, e.g. "Invalid character(s): 11:O, 17:Q." */
export function describeInvalidCharacters(inspection: VinInspection): string {
  const chars = [...inspection.vin];
  const listed = inspection.invalidPositions
    .slice(0, LISTED_INVALID_MAX)
    .map((p) => `${p}:${printable(chars[p - 1] ?? '')}`);
  const more = inspection.invalidPositions.length > LISTED_INVALID_MAX ? ', …' : '';
  return `Invalid character(s): ${listed.join(', ')}${more}.`;
}

/** vPIC's suggestion marks each invalid position of the 17 with '!'. */
export function suggestedVin(inspection: VinInspection): string {
  return [...inspection.vin]
    .slice(0, VIN_LENGTH)
    .map((ch) => (validCharacter(ch) ? ch : '!'))
    .join('');
}

/** Control characters would make the note unreadable, so they are shown as code points. */
function printable(ch: string): string {
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(ch)
    ? ch
    : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

import { VIN_LENGTH, hasValidVinCharacters } from '@vr/contracts';
import { confidenceRule, type ConfidenceRule } from './corgi-confidence.ts';
import { compileKey } from './pattern-keys.ts';

/** corgi lays most keys over positions 4–17, keys with a `|` outside the model over 11 alone. */
const DESCRIPTOR_AT = 3;
const ELEVENTH_AT = 10;
const SUBJECT_LENGTH = VIN_LENGTH - DESCRIPTOR_AT;

/** Bounds of one key's checks in `KeyRuleTables.checks`, BOUNDS_WIDTH numbers a key. */
const REPORT_FROM = 0;
const REPORT_TO = 1;
const MODEL_FROM = 2;
const MODEL_TO = 3;
const STRICT_FROM = 4;
const STRICT_TO = 5;
const SPAN = 6;
const BOUNDS_WIDTH = 7;
/** Numbers of one key in `KeyRuleTables.scores`, SCORES_WIDTH a key. */
const REPORT_SCORE = 0;
const MODEL_SCORE = 1;
const SPECIFICITY = 2;
const SCORES_WIDTH = 3;

/** The VIN alphabet (placeholders included): the only characters rules are ever asked about. */
const TABLE_SIZE = 128;
const VIN_CODES = Array.from({ length: TABLE_SIZE }, (_, code) => code).filter((code) =>
  hasValidVinCharacters(String.fromCharCode(code)),
);

/**
 * Every pattern key's rules as numbers, compiled with the decode index in its worker thread:
 * compiling a key takes about 10 µs, a busy WMI's schemas hold thousands (3,154 for 1FT), and
 * compiled on demand they took up to 7–11 ms of a WMI's first decode, on the event loop
 * (docs/decisions/0036-key-rules-in-the-index.md).
 *
 * A key has three rules, each a run of checks (a VIN position and a character table; the rule
 * holds when the character at every checked position is in its table): `report`, corgi's
 * confidence when reporting the key's patterns; `model`, corgi's confidence when choosing the
 * model's schema (positions 4–17); `strict`, whether the key really holds for the characters
 * the VIN supplies (score 1). Also its specificity (the narrower wins) and its span (corgi
 * de-duplicates by the positions a key spans: its part before the `|`, and the `|`).
 */
export interface KeyRuleTables {
  /** BOUNDS_WIDTH numbers a key: where each rule's checks start and end, and the span. */
  bounds: Int32Array;
  /** SCORES_WIDTH numbers a key: the report and model rules' scores, the specificity. */
  scores: Float64Array;
  /** Pairs: a 0-based VIN position, then the offset of a character table in `characters`. */
  checks: Int32Array;
  /**
   * Tables of 128 bytes by character code, 1 where accepted; code 0 stands for a position the
   * input does not supply, which no table accepts.
   */
  characters: Uint8Array;
}

export function compileKeyRules(keys: readonly string[]): KeyRuleTables {
  const tables = new CharacterTables();
  const bounds = new Int32Array(keys.length * BOUNDS_WIDTH);
  const scores = new Float64Array(keys.length * SCORES_WIDTH);
  const checks: number[] = [];
  const addChecks = (rule: ConfidenceRule, first: number): [number, number] => {
    const from = checks.length;
    for (const c of rule.checks) checks.push(first + c.offset, tables.offsetOf(c.accepts));
    return [from, checks.length];
  };
  keys.forEach((key, k) => {
    const bar = key.includes('|');
    const modelRule = confidenceRule(key, SUBJECT_LENGTH);
    const model = addChecks(modelRule, DESCRIPTOR_AT);
    const reportRule = bar ? confidenceRule(key, 1) : modelRule;
    const report = bar ? addChecks(reportRule, ELEVENTH_AT) : model;
    const compiled = compileKey(key);
    const strictFrom = checks.length;
    for (const t of compiled.tokens) checks.push(t.index, tables.offsetOf(t.accepts));
    bounds.set(
      [
        ...report,
        ...model,
        strictFrom,
        checks.length,
        (key.split('|')[0] ?? '').length * 2 + (bar ? 1 : 0),
      ],
      k * BOUNDS_WIDTH,
    );
    scores.set([reportRule.score, modelRule.score, compiled.specificity], k * SCORES_WIDTH);
  });
  return { bounds, scores, checks: Int32Array.from(checks), characters: tables.bytes() };
}

/** Judging keys against a VIN given as character codes (0 where the input supplies none). */
export function keyRules({ bounds, scores, checks, characters }: KeyRuleTables) {
  /** The score when every check in checks[from, to) accepts its code, else 0. */
  const holds = (from: number, to: number, score: number, codes: Uint8Array): number => {
    for (let i = from; i < to; i += 2) {
      if (characters[(checks[i + 1] ?? 0) + (codes[checks[i] ?? 0] ?? 0)] !== 1) return 0;
    }
    return score;
  };
  const bound = (key: number, field: number) => bounds[key * BOUNDS_WIDTH + field] ?? 0;
  const score = (key: number, field: number) => scores[key * SCORES_WIDTH + field] ?? 0;
  return {
    report: (key: number, codes: Uint8Array): number =>
      holds(bound(key, REPORT_FROM), bound(key, REPORT_TO), score(key, REPORT_SCORE), codes),
    model: (key: number, codes: Uint8Array): number =>
      holds(bound(key, MODEL_FROM), bound(key, MODEL_TO), score(key, MODEL_SCORE), codes),
    strictlyHolds: (key: number, codes: Uint8Array): boolean =>
      holds(bound(key, STRICT_FROM), bound(key, STRICT_TO), 1, codes) === 1,
    specificity: (key: number): number => score(key, SPECIFICITY),
    span: (key: number): number => bound(key, SPAN),
    /** The VIN positions (bit i for 0-based position i) any of the key's rules reads. */
    positions: (key: number): number => {
      let read = 0;
      // A key's checks lie together, its model rule's first.
      for (let i = bound(key, MODEL_FROM); i < bound(key, STRICT_TO); i += 2) {
        read |= 1 << (checks[i] ?? 0);
      }
      return read;
    },
  };
}

/** Character tests as tables of 128 bytes by character code, alike ones shared. */
class CharacterTables {
  private readonly tables: Uint8Array[] = [];
  private readonly offsets = new Map<string, number>();

  offsetOf(accepts: (ch: string) => boolean): number {
    const accepted = VIN_CODES.filter((code) => accepts(String.fromCharCode(code)));
    const id = accepted.join(',');
    let offset = this.offsets.get(id);
    if (offset === undefined) {
      const table = new Uint8Array(TABLE_SIZE);
      for (const code of accepted) table[code] = 1;
      offset = this.tables.length * TABLE_SIZE;
      this.tables.push(table);
      this.offsets.set(id, offset);
    }
    return offset;
  }

  bytes(): Uint8Array {
    const all = new Uint8Array(this.tables.length * TABLE_SIZE);
    this.tables.forEach((table, i) => all.set(table, i * TABLE_SIZE));
    return all;
  }
}

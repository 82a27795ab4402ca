import { VIN_LENGTH } from '@vr/contracts';
import { ROW_WIDTH, type DecodeIndexData, type IndexedElement } from './decode-index-data.ts';
import { keyRules } from './key-rules.ts';
import type { Candidate } from './pattern-variables.ts';
import type { PatternQuery } from './vpic-answer.ts';
import type { VinInspection } from './vin-inspection.ts';

/** corgi reports a plant above this confidence, anything else above REPORTED_ABOVE. */
const PLANT_REPORTED_ABOVE = 0.3;
const REPORTED_ABOVE = 0.5;

const KEY = 0;
const ELEMENT = 1;
const VALUE = 2;
const RANK = 3;
const COPIES = 4;

/** What corgi is given where the input lacks a valid character (decodableVin). */
const PLACEHOLDER = 'Z'.charCodeAt(0);
const CHECK_DIGIT_PLACEHOLDER = 'X'.charCodeAt(0);

/** Runs of one key's rows within a schema: RUN_WIDTH numbers each. */
const RUN_KEY = 0;
const RUN_START = 1;
const RUN_END = 2;
const RUN_FLAGS = 3;
/** The lowest rank of the run's model rows. */
const RUN_MODEL_RANK = 4;
const RUN_WIDTH = 5;
const HAS_CORGI = 1;
const HAS_SURFACED = 2;
const HAS_MODEL = 4;
const NO_SCHEMAS = new Int32Array(0);

export interface FoundPatterns {
  /** What the corgi-based decoder would have found. */
  candidates: Candidate[];
  /** Elements corgi's lookup drops (BrakeSystemType). */
  surfaced: Candidate[];
}

interface Reported {
  row: number;
  nameId: number;
  rank: number;
  confidence: number;
  group: number;
  /** Set once every row is counted: the group's first rank, the rows counted for the schema. */
  groupRank: number;
  count: number;
}

/**
 * The candidates the compiled index gives a VIN: what corgi would report for its WMI and model
 * year (same confidences, cut-offs, plant rule, counts, order and de-duplication), checked
 * against the characters the VIN really supplies, plus the elements corgi drops. Everything is
 * in memory. A key's confidence is one number when the VIN's characters fit it and 0 otherwise,
 * so each key is compiled into character tables with the index (key-rules.ts), and per decode
 * each key of the WMI's schemas is judged once, its rows visited only when it is reported or decides the model.
 * Ranks of corgi's rows are unique, so sorting by rank fixes every order corgi's sort gives.
 */
export function indexedPatterns(data: DecodeIndexData) {
  const { rows, elements, keys, values } = data;
  const schemaRows = Int32Array.from(data.schemaRows);
  const schemaNameIds = Int32Array.from(internedIds(data.schemas));
  const groupIds = Int32Array.from(internedIds(elements.map((e) => e.group)));
  const wmiSchemas = new Map(
    Object.entries(data.wmiSchemas).map(([w, t]) => [w, Int32Array.from(t)]),
  );

  const rules = keyRules(data.keyRules);
  const schemaRuns: (Int32Array | undefined)[] = new Array(data.schemas.length);
  const runsOf = (schema: number): Int32Array =>
    (schemaRuns[schema] ??= runsOfSchema(data, schema, schemaRows));

  // Per decode: the VIN as codes, and each key judged at most once: what a decode works out is
  // kept beside the number of the decode (its stamp), so nothing is cleared between decodes.
  const decodable = new Uint8Array(VIN_LENGTH);
  const known = new Uint8Array(VIN_LENGTH);
  let generation = 0;
  const schemaSeen = new Uint32Array(data.schemas.length);
  const reportStamp = new Uint32Array(keys.length);
  const reportValue = new Float64Array(keys.length);
  const strictStamp = new Uint32Array(keys.length);
  const strictValue = new Uint8Array(keys.length);
  const countStamp = new Uint32Array(data.schemas.length);
  const countValue = new Float64Array(data.schemas.length);
  const groupStamp = new Uint32Array(elements.length);
  const groupFirstRank = new Float64Array(elements.length);
  const stamps = [schemaSeen, reportStamp, strictStamp, countStamp, groupStamp];
  const nextDecode = () => {
    generation = (generation + 1) >>> 0;
    if (generation === 0) {
      for (const stamp of stamps) stamp.fill(0);
      generation = 1;
    }
  };

  const reportConfidence = (key: number): number => {
    if (reportStamp[key] === generation) return reportValue[key] ?? 0;
    const value = rules.report(key, decodable);
    reportStamp[key] = generation;
    reportValue[key] = value;
    return value;
  };
  const strictlyHolds = (key: number): boolean => {
    if (strictStamp[key] !== generation) {
      strictStamp[key] = generation;
      strictValue[key] = rules.strictlyHolds(key, known) ? 1 : 0;
    }
    return strictValue[key] === 1;
  };
  const count = (nameId: number): number =>
    countStamp[nameId] === generation ? (countValue[nameId] ?? 0) : 0;

  function candidate(row: number, schema: string, key: number): Candidate {
    const element = elements[rows[row * ROW_WIDTH + ELEMENT] ?? 0] as IndexedElement;
    return {
      variable: element.variable,
      value: (values[rows[row * ROW_WIDTH + VALUE] ?? 0] ?? '').trim(),
      schema,
      specificity: rules.specificity(key),
    };
  }

  // Per schema, the VIN positions (bit i for 0-based position i) any of its keys reads; -1 until
  // a decode needs it. Its keys are the ones candidatesOf judges for the schema anyway.
  const schemaPositions = new Int32Array(data.schemas.length).fill(-1);
  const positionsOf = (schema: number): number => {
    const known = schemaPositions[schema] ?? -1;
    if (known >= 0) return known;
    let read = 0;
    const runs = runsOf(schema);
    for (let at = 0; at < runs.length; at += RUN_WIDTH)
      read |= rules.positions(runs[at + RUN_KEY] ?? 0);
    schemaPositions[schema] = read;
    return read;
  };

  /**
   * Names what `candidatesOf` answers for the query and the VIN: two VINs with the same name get
   * the same candidates (the WMI, the model year and the characters the keys of the schemas
   * registered for them read; `_` where the input supplies none).
   */
  function configurationOf(query: PatternQuery, inspection: VinInspection): string {
    const registered = wmiSchemas.get(query.wmi) ?? NO_SCHEMAS;
    let read = 0;
    for (let t = 0; t < registered.length; t += 3) {
      if (inYears(registered, t, query.modelYear)) read |= positionsOf(registered[t] ?? 0);
    }
    let name = `${query.wmi}|${query.modelYear}|`;
    for (let at = 0; at < VIN_LENGTH; at++) {
      if (read & (1 << at)) name += inspection.known[at] ?? '_';
    }
    return name;
  }

  function candidatesOf(query: PatternQuery, inspection: VinInspection): FoundPatterns {
    for (let i = 0; i < VIN_LENGTH; i++) {
      const ch = inspection.known[i];
      const code = ch === undefined ? 0 : ch.charCodeAt(0);
      known[i] = code;
      decodable[i] = code || (i === 8 ? CHECK_DIGIT_PLACEHOLDER : PLACEHOLDER);
    }
    nextDecode();

    const surfaced: Candidate[] = [];
    const maybe: Reported[] = [];
    let topRank = -1;
    let topConfidence = 0;
    let topNameId = 0;
    const registered = wmiSchemas.get(query.wmi) ?? NO_SCHEMAS;
    for (let t = 0; t < registered.length; t += 3) {
      const schema = registered[t] ?? 0;
      if (!inYears(registered, t, query.modelYear) || schemaSeen[schema] === generation) continue;
      schemaSeen[schema] = generation;
      const nameId = schemaNameIds[schema] ?? 0;
      const runs = runsOf(schema);
      for (let at = 0; at < runs.length; at += RUN_WIDTH) {
        const key = runs[at + RUN_KEY] ?? 0;
        const start = runs[at + RUN_START] ?? 0;
        const end = runs[at + RUN_END] ?? 0;
        const flags = runs[at + RUN_FLAGS] ?? 0;
        if (flags & HAS_SURFACED && strictlyHolds(key)) {
          for (let row = start; row < end; row++) {
            const element = elements[rows[row * ROW_WIDTH + ELEMENT] ?? 0] as IndexedElement;
            if (!element.corgi) surfaced.push(candidate(row, data.schemas[schema] ?? '', key));
          }
        }
        if (!(flags & HAS_CORGI)) continue;
        const confidence = reportConfidence(key);
        if (flags & HAS_MODEL) {
          // corgi picks the model's schema judging every key against positions 4–17.
          const modelConfidence = rules.model(key, decodable);
          const rank = runs[at + RUN_MODEL_RANK] ?? 0;
          if (
            topRank < 0 ||
            modelConfidence > topConfidence ||
            (modelConfidence === topConfidence && rank < topRank)
          ) {
            topRank = rank;
            topConfidence = modelConfidence;
            topNameId = nameId;
          }
        }
        if (!(confidence > PLANT_REPORTED_ABOVE)) continue;
        for (let row = start; row < end; row++) {
          const offset = row * ROW_WIDTH;
          const element = elements[rows[offset + ELEMENT] ?? 0] as IndexedElement;
          if (!element.corgi) continue;
          maybe.push({
            row,
            nameId,
            rank: rows[offset + RANK] ?? 0,
            confidence,
            group: groupIds[rows[offset + ELEMENT] ?? 0] ?? 0,
            groupRank: 0,
            count: 0,
          });
        }
      }
    }

    const modelName = topRank < 0 ? undefined : data.schemas[topNameId];
    const reported: Reported[] = [];
    for (const r of maybe) {
      const offset = r.row * ROW_WIDTH;
      const element = elements[rows[offset + ELEMENT] ?? 0] as IndexedElement;
      if (element.plant) {
        r.confidence = modelName ? (r.nameId === topNameId ? r.confidence : 0) : r.confidence * 0.5;
      }
      if (!(r.confidence > (element.plant ? PLANT_REPORTED_ABOVE : REPORTED_ABOVE))) continue;
      reported.push(r);
      if (!element.model) {
        countValue[r.nameId] = count(r.nameId) + (rows[offset + COPIES] ?? 0);
        countStamp[r.nameId] = generation;
      }
      if (groupStamp[r.group] !== generation || r.rank < (groupFirstRank[r.group] ?? 0)) {
        groupStamp[r.group] = generation;
        groupFirstRank[r.group] = r.rank;
      }
    }

    // corgi's order: groups by their first row in rank order; within one, the schema with the
    // most rows first, then the more confident, then by rank.
    for (const r of reported) {
      r.groupRank = groupFirstRank[r.group] ?? 0;
      r.count = count(r.nameId);
    }
    reported.sort(
      (a, b) =>
        a.groupRank - b.groupRank ||
        b.count - a.count ||
        b.confidence - a.confidence ||
        a.rank - b.rank,
    );
    const candidates: Candidate[] = [];
    let groupStart = 0;
    for (let i = 0; i < reported.length; i++) {
      const r = reported[i] as Reported;
      if (r.group !== reported[groupStart]?.group) groupStart = i;
      const key = rows[r.row * ROW_WIDTH + KEY] ?? 0;
      if (keptBefore(reported, groupStart, i, rows, rules.span)) continue;
      if (!strictlyHolds(key)) continue;
      const found = candidate(r.row, data.schemas[r.nameId] ?? '', key);
      if (found.value !== '') candidates.push(found);
    }
    return { candidates, surfaced };
  }

  return { candidatesOf, configurationOf };
}

/** Whether the WMI's registration at `t` (schema, first year, last year or -1) covers `year`. */
function inYears(registered: Int32Array, t: number, year: number): boolean {
  const to = registered[t + 2] ?? -1;
  return (registered[t + 1] ?? 0) <= year && (to < 0 || year <= to);
}

/**
 * Whether a row of the same group before `i` has the same value, span and schema name: corgi
 * keeps the first of those (whether or not it then holds for the VIN).
 */
function keptBefore(
  reported: readonly Reported[],
  from: number,
  i: number,
  rows: Int32Array,
  spanOf: (key: number) => number,
): boolean {
  const r = reported[i] as Reported;
  const value = rows[r.row * ROW_WIDTH + VALUE];
  const span = spanOf(rows[r.row * ROW_WIDTH + KEY] ?? 0);
  for (let j = from; j < i; j++) {
    const other = reported[j] as Reported;
    if (
      other.nameId === r.nameId &&
      rows[other.row * ROW_WIDTH + VALUE] === value &&
      spanOf(rows[other.row * ROW_WIDTH + KEY] ?? 0) === span
    ) {
      return true;
    }
  }
  return false;
}

/** The schema's rows as runs of one key (rows are stored by schema, then key). */
function runsOfSchema(data: DecodeIndexData, schema: number, schemaRows: Int32Array): Int32Array {
  const { rows, elements } = data;
  const runs: number[] = [];
  const end = schemaRows[schema + 1] ?? 0;
  for (let row = schemaRows[schema] ?? 0; row < end;) {
    const key = rows[row * ROW_WIDTH + KEY] ?? 0;
    const start = row;
    let flags = 0;
    let modelRank = 0x7fffffff;
    for (; row < end && rows[row * ROW_WIDTH + KEY] === key; row++) {
      const element = elements[rows[row * ROW_WIDTH + ELEMENT] ?? 0] as IndexedElement;
      if (!element.corgi) {
        flags |= HAS_SURFACED;
        continue;
      }
      flags |= HAS_CORGI;
      if (element.model) {
        flags |= HAS_MODEL;
        modelRank = Math.min(modelRank, rows[row * ROW_WIDTH + RANK] ?? 0);
      }
    }
    runs.push(key, start, row, flags, modelRank);
  }
  return Int32Array.from(runs);
}

/** Each name's first index, so schemas sharing a name count together, as corgi counts them. */
function internedIds(names: readonly string[]): number[] {
  const first = new Map<string, number>();
  return names.map((name, i) => {
    const id = first.get(name) ?? i;
    first.set(name, id);
    return id;
  });
}

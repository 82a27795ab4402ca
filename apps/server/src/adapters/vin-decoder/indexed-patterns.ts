import { confidenceOf, type ConfidenceOf } from './corgi-confidence.ts';
import { ROW_WIDTH, type DecodeIndexData, type IndexedElement } from './decode-index-data.ts';
import { compileKey, type CompiledKey } from './pattern-keys.ts';
import type { Candidate } from './pattern-variables.ts';
import type { PatternQuery } from './vpic-answer.ts';
import { decodableVin, type VinInspection } from './vin-inspection.ts';

/** corgi reports a plant above this confidence, anything else above REPORTED_ABOVE. */
const PLANT_REPORTED_ABOVE = 0.3;
const REPORTED_ABOVE = 0.5;

const KEY = 0;
const ELEMENT = 1;
const VALUE = 2;
const RANK = 3;
const COPIES = 4;

export interface FoundPatterns {
  /** What the corgi-based decoder would have found. */
  candidates: Candidate[];
  /** Elements corgi's lookup drops (BrakeSystemType). */
  surfaced: Candidate[];
}

interface Reported {
  offset: number;
  nameId: number;
  confidence: number;
}

/**
 * The candidates the compiled index gives a VIN: what corgi would report for its WMI and model
 * year (same confidences, cut-offs, plant rule, counts, order and de-duplication), checked
 * against the characters the VIN really supplies, plus the elements corgi drops. Everything is
 * in memory; per key the matchers are built on first use and each confidence is computed once
 * per decode.
 */
export function indexedPatterns(data: DecodeIndexData) {
  const rows = data.rows;
  const elements = data.elements;
  const { keys, values } = data;
  const schemaRows = Int32Array.from(data.schemaRows);
  const schemaNameIds = Int32Array.from(internedIds(data.schemas));
  const wmiSchemas = new Map(
    Object.entries(data.wmiSchemas).map(([w, t]) => [w, Int32Array.from(t)]),
  );

  const confidences: (ConfidenceOf | undefined)[] = new Array(keys.length);
  const strictKeys: (CompiledKey | undefined)[] = new Array(keys.length);
  const hasBar = Uint8Array.from(keys, (k) => (k.includes('|') ? 1 : 0));
  // corgi de-duplicates by the positions a key spans: its part before the `|`, counted in characters.
  const spans = Int32Array.from(
    keys,
    (k) => (k.split('|')[0] ?? '').length * 2 + (k.includes('|') ? 1 : 0),
  );

  const memo = {
    generation: 0,
    stamp: new Uint32Array(keys.length * 2),
    value: new Float64Array(keys.length * 2),
  };
  const confidence = (key: number, slot: 0 | 1, subject: string): number => {
    const at = key * 2 + slot;
    if (memo.stamp[at] === memo.generation) return memo.value[at] ?? 0;
    const of = (confidences[key] ??= confidenceOf(keys[key] ?? ''));
    const result = of(subject);
    memo.stamp[at] = memo.generation;
    memo.value[at] = result;
    return result;
  };
  const strict = (key: number) => (strictKeys[key] ??= compileKey(keys[key] ?? ''));

  function schemasOf(query: PatternQuery): number[] {
    const triples = wmiSchemas.get(query.wmi);
    if (!triples) return [];
    const found = new Set<number>();
    for (let i = 0; i < triples.length; i += 3) {
      const to = triples[i + 2] ?? -1;
      if ((triples[i + 1] ?? 0) <= query.modelYear && (to < 0 || query.modelYear <= to)) {
        found.add(triples[i] ?? 0);
      }
    }
    return [...found];
  }

  return function candidatesOf(query: PatternQuery, inspection: VinInspection): FoundPatterns {
    const decodable = decodableVin(inspection);
    const whole = decodable.slice(3);
    const eleventh = decodable.charAt(10);
    memo.generation = (memo.generation + 1) >>> 0 || 1;

    const extras: Candidate[] = [];
    const maybe: Reported[] = [];
    let topModel: { rank: number; confidence: number; nameId: number } | undefined;
    for (const schema of schemasOf(query)) {
      const nameId = schemaNameIds[schema] ?? 0;
      const end = (schemaRows[schema + 1] ?? 0) * ROW_WIDTH;
      for (let offset = (schemaRows[schema] ?? 0) * ROW_WIDTH; offset < end; offset += ROW_WIDTH) {
        const key = rows[offset + KEY] ?? 0;
        const element = elements[rows[offset + ELEMENT] ?? 0] as IndexedElement;
        if (!element.corgi) {
          const compiled = strict(key);
          if (compiled.matches(inspection.known)) {
            extras.push(candidate(element, offset, data.schemas[schema] ?? '', compiled));
          }
          continue;
        }
        const bar = hasBar[key] === 1;
        const conf = confidence(key, 0, bar ? eleventh : whole);
        if (element.model) {
          // corgi picks the model's schema judging every key against positions 4–17.
          const modelConf = bar ? confidence(key, 1, whole) : conf;
          const rank = rows[offset + RANK] ?? 0;
          if (
            !topModel ||
            modelConf > topModel.confidence ||
            (modelConf === topModel.confidence && rank < topModel.rank)
          ) {
            topModel = { rank, confidence: modelConf, nameId };
          }
        }
        if (conf > PLANT_REPORTED_ABOVE) maybe.push({ offset, nameId, confidence: conf });
      }
    }

    const modelName = topModel === undefined ? undefined : data.schemas[topModel.nameId];
    const reported: Reported[] = [];
    const counts = new Map<number, number>();
    for (const r of maybe) {
      const element = elements[rows[r.offset + ELEMENT] ?? 0] as IndexedElement;
      let conf = r.confidence;
      if (element.plant) {
        conf = modelName ? (r.nameId === topModel?.nameId ? conf : 0) : conf * 0.5;
      }
      if (!(conf > (element.plant ? PLANT_REPORTED_ABOVE : REPORTED_ABOVE))) continue;
      reported.push({ ...r, confidence: conf });
      if (!element.model)
        counts.set(r.nameId, (counts.get(r.nameId) ?? 0) + (rows[r.offset + COPIES] ?? 0));
    }

    const rank = (r: Reported) => rows[r.offset + RANK] ?? 0;
    const groups = new Map<string, Reported[]>();
    for (const r of reported.sort((a, b) => rank(a) - rank(b))) {
      const group = (elements[rows[r.offset + ELEMENT] ?? 0] as IndexedElement).group;
      const list = groups.get(group) ?? [];
      list.push(r);
      groups.set(group, list);
    }
    const candidates: Candidate[] = [];
    for (const list of groups.values()) {
      list.sort(
        (a, b) =>
          (counts.get(b.nameId) ?? 0) - (counts.get(a.nameId) ?? 0) ||
          b.confidence - a.confidence ||
          rank(a) - rank(b),
      );
      const kept = new Set<string>();
      for (const r of list) {
        const key = rows[r.offset + KEY] ?? 0;
        const identity = `${rows[r.offset + VALUE]}|${spans[key]}|${r.nameId}`;
        if (kept.has(identity)) continue;
        kept.add(identity);
        const compiled = strict(key);
        if (!compiled.matches(inspection.known)) continue;
        const element = elements[rows[r.offset + ELEMENT] ?? 0] as IndexedElement;
        const found = candidate(element, r.offset, data.schemas[r.nameId] ?? '', compiled);
        if (found.value !== '') candidates.push(found);
      }
    }
    return { candidates, surfaced: extras };
  };

  function candidate(
    element: IndexedElement,
    offset: number,
    schema: string,
    key: CompiledKey,
  ): Candidate {
    return {
      variable: element.variable,
      value: (values[rows[offset + VALUE] ?? 0] ?? '').trim(),
      schema,
      specificity: key.specificity,
    };
  }
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

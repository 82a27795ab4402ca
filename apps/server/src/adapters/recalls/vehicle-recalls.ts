import { distinctCampaigns, type RecallList, type RecallsProvider } from './recalls-provider.ts';

/**
 * More matching model names than this is no match: a name so short that it prefixes that many
 * of NHTSA's says nothing about which vehicle this is (docs/limits.md).
 */
export const MAX_RECALL_MODELS = 8;

/** A model name compared without case, spaces and punctuation: "F-150" and "f150" are one. */
export const recallModelKey = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The recall list's model names that a decoded model is listed under (docs/reports.md, "Safety
 * recalls"): those equal to it or starting with it ("SILVERADO 1500" for vPIC's "Silverado").
 * Where the decoded series picks some of them ("1500"), only those and an equal name are kept.
 * No match (or more than MAX_RECALL_MODELS) is an empty list.
 */
export function matchRecallModels(
  decoded: { model: string; series?: string },
  recallModels: readonly string[],
): string[] {
  const model = recallModelKey(decoded.model);
  if (model === '') return [];
  const names = [...new Set(recallModels)];
  const matching = names.filter((name) => recallModelKey(name).startsWith(model));
  const series = recallModelKey(decoded.series ?? '');
  const bySeries = series
    ? matching.filter((name) => recallModelKey(name).startsWith(model + series))
    : [];
  const chosen =
    bySeries.length > 0
      ? matching.filter((name) => recallModelKey(name) === model || bySeries.includes(name))
      : matching;
  return chosen.length > MAX_RECALL_MODELS ? [] : chosen;
}

/**
 * A decoded vehicle's recalls: the provider's model names for its make and year, the matching
 * ones (matchRecallModels), and the campaigns of each, de-duplicated by campaign number. Without
 * make, model or year, or without a match, the list names no model: its recalls are unknown.
 */
export async function vehicleRecalls(
  provider: RecallsProvider,
  decoded: { make?: string; model?: string; series?: string; modelYear?: string },
  signal: AbortSignal,
): Promise<RecallList> {
  const unknown: RecallList = {
    source: provider.source,
    sandbox: provider.sandbox,
    models: [],
    campaigns: [],
  };
  const make = decoded.make?.trim() ?? '';
  const model = decoded.model?.trim() ?? '';
  const modelYear = Number(decoded.modelYear);
  if (!make || !model || !Number.isInteger(modelYear) || modelYear <= 0) return unknown;
  const models = matchRecallModels(
    { model, series: decoded.series },
    await provider.modelsFor({ make, modelYear }, signal),
  );
  if (models.length === 0) return unknown;
  const lists = await Promise.all(
    models.map((m) => provider.recallsFor({ make, model: m, modelYear }, signal)),
  );
  return {
    source: provider.source,
    sandbox: provider.sandbox,
    models,
    campaigns: distinctCampaigns(lists.flatMap((l) => l.campaigns)),
  };
}

/**
 * A safety recall campaign for a make, model and year (NHTSA's public recalls). A recall list is
 * by model: it does not prove that a given car's recall is still open, and the report says so.
 */
export type RecallCampaign = {
  /** NHTSA's campaign number, e.g. "15V320000"; recalls are de-duplicated by it. */
  campaignNumber: string;
  component: string;
  summary: string;
  consequence: string;
  remedy: string;
  /** ISO `YYYY-MM-DD`; NHTSA sends DD/MM/YYYY. */
  reportedOn: string | null;
  /** NHTSA advises not to drive the vehicle until it is repaired. */
  parkIt: boolean;
  /** NHTSA advises parking outside (fire risk). */
  parkOutside: boolean;
};

/** The campaigns the provider lists for one of its model names and a year. */
export type ModelRecalls = {
  /** "NHTSA" or the sandbox's name, as the report prints it. */
  source: string;
  sandbox: boolean;
  campaigns: RecallCampaign[];
};

/** A vehicle's recalls: the campaigns of every recall model name its decode matched. */
export type RecallList = ModelRecalls & {
  /**
   * The provider's model names the vehicle matched and that were asked (vehicle-recalls.ts).
   * Empty: the vehicle could not be matched, so its campaigns are unknown, not none.
   */
  models: string[];
};

/** What the report says next to its recalls, because a recall list is by model. */
export const RECALLS_BY_MODEL_NOTICE =
  'Recalls are listed for the make, model and year. They do not show whether this vehicle has ' +
  'already been repaired: ask a dealer of the make, with the VIN, whether a recall is still open.';

/** NHTSA failed (down, 5xx, timeout); the report is made later rather than without recalls. */
export class RecallsProviderError extends Error {}

export interface RecallsProvider {
  readonly name: string;
  /** How the report names the source ("NHTSA"). */
  readonly source: string;
  readonly sandbox: boolean;
  /** The provider's own model names with recalls for a make and year (they differ from vPIC's). */
  modelsFor(vehicle: { make: string; modelYear: number }, signal: AbortSignal): Promise<string[]>;
  /** The campaigns of one of the provider's model names. */
  recallsFor(
    vehicle: { make: string; model: string; modelYear: number },
    signal: AbortSignal,
  ): Promise<ModelRecalls>;
}

const upper = (s: string) => s.trim().toUpperCase();

/** One make, model and year, as recalls are listed (and cached): `HONDA|ACCORD|2003`. */
export function recallsKey(vehicle: { make: string; model: string; modelYear: number }): string {
  return `${upper(vehicle.make)}|${upper(vehicle.model)}|${vehicle.modelYear}`;
}

/** One make and year, as model names are listed (and cached): `HONDA|2003`. */
export function recallModelsKey(vehicle: { make: string; modelYear: number }): string {
  return `${upper(vehicle.make)}|${vehicle.modelYear}`;
}

/** One campaign per number (the first wins), newest first. */
export function distinctCampaigns(campaigns: Iterable<RecallCampaign>): RecallCampaign[] {
  const byNumber = new Map<string, RecallCampaign>();
  for (const c of campaigns) if (!byNumber.has(c.campaignNumber)) byNumber.set(c.campaignNumber, c);
  return [...byNumber.values()].sort((a, b) =>
    (b.reportedOn ?? '').localeCompare(a.reportedOn ?? ''),
  );
}

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

export type RecallList = {
  /** "NHTSA" or the sandbox's name, as the report prints it. */
  source: string;
  sandbox: boolean;
  campaigns: RecallCampaign[];
};

/** What the report says next to its recalls, because a recall list is by model. */
export const RECALLS_BY_MODEL_NOTICE =
  'Recalls are listed for the make, model and year. They do not show whether this vehicle has ' +
  'already been repaired: ask a dealer of the make, with the VIN, whether a recall is still open.';

/** NHTSA failed (down, 5xx, timeout); the report is made later rather than without recalls. */
export class RecallsProviderError extends Error {}

export interface RecallsProvider {
  readonly name: string;
  recallsFor(
    vehicle: { make: string; model: string; modelYear: number },
    signal: AbortSignal,
  ): Promise<RecallList>;
}

/** One make, model and year, as recalls are listed (and cached): `HONDA|ACCORD|2003`. */
export function recallsKey(vehicle: { make: string; model: string; modelYear: number }): string {
  return `${vehicle.make.trim().toUpperCase()}|${vehicle.model.trim().toUpperCase()}|${vehicle.modelYear}`;
}

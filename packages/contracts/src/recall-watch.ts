import { z } from 'zod';

export const recallCampaignSchema = z.object({
  campaignNumber: z.string(),
  component: z.string(),
  summary: z.string(),
  consequence: z.string(),
  remedy: z.string(),
  reportedOn: z.string().nullable(),
  parkIt: z.boolean(),
  parkOutside: z.boolean(),
});
export type RecallCampaignView = z.infer<typeof recallCampaignSchema>;

/** Park-it and park-outside warnings first, then the newest. */
export function campaignsByUrgency<T extends RecallCampaignView>(campaigns: readonly T[]): T[] {
  const rank = (c: T) => (c.parkIt ? 0 : c.parkOutside ? 1 : 2);
  return [...campaigns].sort(
    (a, b) => rank(a) - rank(b) || (b.reportedOn ?? '').localeCompare(a.reportedOn ?? ''),
  );
}

/** One watched vehicle as its owner sees it on the dashboard. */
export const watchedVehicleSchema = z.object({
  id: z.string(),
  vin: z.string(),
  vehicle: z.string(),
  orderId: z.string(),
  /** ISO time the watch ends (3 years from the latest order). */
  watchUntil: z.string(),
  /** On, turned off by the customer, or ended (past watchUntil). */
  state: z.enum(['on', 'off', 'ended']),
  /** Campaigns found since the report (none in the report itself), urgent ones first. */
  campaigns: z.array(recallCampaignSchema.extend({ foundAt: z.string() })),
});
export type WatchedVehicle = z.infer<typeof watchedVehicleSchema>;

/** GET /api/api/recalls/watches: the caller's vehicles, newest order first. */
export const watchedVehiclesResponseSchema = z.object({
  vehicles: z.array(watchedVehicleSchema),
  /** The recalls provider is the sandbox: campaigns are invented samples. */
  sandbox: z.boolean(),
});
export type WatchedVehiclesResponse = z.infer<typeof watchedVehiclesResponseSchema>;

export const watchParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** PUT /api/api/recalls/watches/{id}: turn watching on or off. */
export const setWatchingBodySchema = z.object({ watching: z.boolean() });

export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });

import { z } from 'zod';
import { RECALL_WATCH_YEARS } from './recall-watch-texts.ts';

export * from './recall-watch-texts.ts';

/** The date a watch runs until, from an order's time (the same calendar day, 3 years on). */
export function recallWatchEnd(orderedAt: Date): Date {
  const end = new Date(orderedAt);
  end.setUTCFullYear(end.getUTCFullYear() + RECALL_WATCH_YEARS);
  return end;
}

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
export type SetWatchingBody = z.infer<typeof setWatchingBodySchema>;

export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const RECALL_WATCH_TEXTS = {
  title: 'Recall Alerts',
  intro:
    'We watch every vehicle you ordered a report for and e-mail you when NHTSA publishes a new safety recall for its make, model and year.',
  watchingUntil: (date: string) => `Watching for recalls until ${date}`,
  off: 'Recall alerts are off for this vehicle',
  ended: (date: string) => `Recall watch ended on ${date}`,
  turnOff: 'Turn off',
  turnOn: 'Turn on',
  none: 'No new recalls since the report.',
  found: 'Recalls found since the report',
  empty: 'Vehicles you order a report for are watched here for new recalls.',
  checkOwn:
    'A recall list is by model: check with the VIN at nhtsa.gov/recalls whether yours is still open.',
  parkIt: 'Do not drive: NHTSA advises parking it until it is repaired.',
  parkOutside: 'Park outside: NHTSA advises parking it away from buildings (fire risk).',
  sandbox: 'SANDBOX: the recalls shown here are invented samples, not NHTSA data.',
  turnedOn: 'Recall alerts are on for this vehicle.',
  turnedOff: 'Recall alerts are off for this vehicle.',
} as const;

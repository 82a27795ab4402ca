import {
  distinctCampaigns,
  RecallsProviderError,
  type RecallCampaign,
  type RecallsProvider,
} from './recalls-provider.ts';
import { observeProviderCall } from '../../lib/metrics.ts';

export const NHTSA_API_BASE = 'https://api.nhtsa.gov';

type Field = string | number | boolean | null | undefined;

/** One entry of `results` in NHTSA's `{ Count, Message, results }` answer. */
export type NhtsaRecall = Record<string, Field>;

/** NHTSA's `DD/MM/YYYY` as ISO `YYYY-MM-DD`; null when it is not a real date. */
export function nhtsaDate(value: Field): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(String(value ?? '').trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const words = (value: Field) => String(value ?? '').trim();
const flag = (value: Field) => value === true || words(value).toLowerCase() === 'true';

/**
 * NHTSA's recalls as campaigns, one per campaign number (the first answer wins), newest first;
 * entries without a campaign number are dropped.
 */
export function nhtsaCampaigns(results: readonly NhtsaRecall[]): RecallCampaign[] {
  return distinctCampaigns(
    results
      .filter((r) => words(r.NHTSACampaignNumber) !== '')
      .map((r) => ({
        campaignNumber: words(r.NHTSACampaignNumber),
        component: words(r.Component),
        summary: words(r.Summary),
        consequence: words(r.Consequence),
        remedy: words(r.Remedy),
        reportedOn: nhtsaDate(r.ReportReceivedDate),
        parkIt: flag(r.parkIt),
        parkOutside: flag(r.parkOutSide),
      })),
  );
}

/**
 * NHTSA's public recalls API, no key: its model names with recalls for a make and year
 * (`GET /products/vehicle/models?issueType=r`) and the recalls of one of them
 * (`GET /recalls/recallsByVehicle`). NHTSA answers 400 when it has no data: an empty list.
 */
export function createNhtsaRecallsProvider(options: {
  baseUrl?: string;
  timeoutMs: number;
}): RecallsProvider {
  const base = (options.baseUrl ?? NHTSA_API_BASE).replace(/\/$/, '');

  /** `results` of NHTSA's answer; null for its 400 (no data). */
  async function results(
    path: string,
    params: Record<string, string>,
    what: string,
    signal: AbortSignal,
  ): Promise<NhtsaRecall[] | null> {
    const url = new URL(`${base}${path}`);
    url.search = new URLSearchParams(params).toString();
    const bounded = AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]);
    let res: Response;
    let body: { results?: unknown } | null;
    try {
      res = await observeProviderCall('nhtsa_recalls', () =>
        fetch(url, { signal: bounded, headers: { Accept: 'application/json' } }),
      );
      body = (await res.json().catch(() => null)) as { results?: unknown } | null;
    } catch (err) {
      throw new RecallsProviderError(
        bounded.aborted
          ? 'NHTSA did not answer in time.'
          : `NHTSA cannot be reached: ${(err as Error).message}`,
      );
    }
    if (res.status === 400) return null;
    if (!res.ok || !body || !Array.isArray(body.results))
      throw new RecallsProviderError(`NHTSA's ${what} failed (HTTP ${res.status}).`);
    return body.results as NhtsaRecall[];
  }

  return {
    name: 'nhtsa',
    source: 'NHTSA',
    sandbox: false,
    async modelsFor(vehicle, signal) {
      const list = await results(
        '/products/vehicle/models',
        { modelYear: String(vehicle.modelYear), make: vehicle.make, issueType: 'r' },
        'model list',
        signal,
      );
      return [...new Set((list ?? []).map((r) => words(r.model)).filter((m) => m !== ''))];
    },
    async recallsFor(vehicle, signal) {
      const list = await results(
        '/recalls/recallsByVehicle',
        { make: vehicle.make, model: vehicle.model, modelYear: String(vehicle.modelYear) },
        'recalls',
        signal,
      );
      return { source: 'NHTSA', sandbox: false, campaigns: nhtsaCampaigns(list ?? []) };
    },
  };
}

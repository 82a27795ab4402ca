import { z } from 'zod';
import type { VpicResult } from '@vr/contracts';

/** The live NHTSA vPIC service; any failure, slowness or odd answer is thrown. */
export interface LiveVpicClient {
  decode(vin: string, modelYear?: number): Promise<VpicResult>;
  /**
   * Asks the live service one `/vehicles/...` request as it came (`path` after `/vehicles/`,
   * `search` with its `?`) and hands back its answer as it is; a 5xx answer is thrown.
   */
  forward(path: string, search: string): Promise<ForwardedAnswer>;
}

export interface ForwardedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

const answerSchema = z.object({
  Results: z
    .array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])))
    .min(1),
});

export function createLiveVpicClient(options: {
  baseUrl: string;
  timeoutMs: number;
}): LiveVpicClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async decode(vin, modelYear) {
      const url = new URL(`${base}/vehicles/DecodeVinValues/${encodeURIComponent(vin)}`);
      url.searchParams.set('format', 'json');
      if (modelYear !== undefined) url.searchParams.set('modelyear', String(modelYear));
      // The timeout covers reading the body too, so a service that trickles its answer counts.
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!res.ok) throw new Error(`live vPIC answered HTTP ${res.status}`);
      return resultOf(await res.json());
    },

    async forward(path, search) {
      const res = await fetch(`${base}/vehicles/${path}${search}`, {
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (res.status >= 500) throw new Error(`live vPIC answered HTTP ${res.status}`);
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await res.arrayBuffer()),
      };
    },
  };
}

/** vPIC answers strings; nulls and numbers from a look-alike service are made strings too. */
function resultOf(body: unknown): VpicResult {
  const parsed = answerSchema.safeParse(body);
  const first = parsed.success ? parsed.data.Results[0] : undefined;
  if (!first || first.ErrorCode === undefined || first.ErrorCode === null) {
    throw new Error('live vPIC answer is not a DecodeVinValues result');
  }
  return Object.fromEntries(
    Object.entries(first).map(([name, value]) => [name, value === null ? '' : String(value)]),
  );
}

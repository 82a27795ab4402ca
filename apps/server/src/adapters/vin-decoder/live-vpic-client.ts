import type { VpicAnswer, VpicResult } from '@vr/contracts';
import { readBodyWithin } from '../../lib/bounded-body.ts';
import { acceptVpicAnswer } from './vpic-shape.ts';
import { observeProviderCall } from '../../lib/metrics.ts';

/**
 * The largest answer read from the live service. vPIC's largest answers (a page of
 * manufacturers, a year of equipment plant codes, a 50-VIN batch) are well under it.
 */
const LIVE_VPIC_BODY_MAX_BYTES = 4 * 1024 * 1024;

/** One VIN of a batch, as vPIC's DecodeVINValuesBatch takes it. */
export interface LiveDecodeRequest {
  vin: string;
  modelYear?: number;
}

/**
 * The live NHTSA vPIC service. Every answer is asked for as JSON and accepted only in vPIC's
 * shape, with vPIC's field names (vpic-shape.ts); a redirect, another content type, a body over
 * LIVE_VPIC_BODY_MAX_BYTES, a failure or slowness is thrown (a TimeoutError when too slow).
 */
export interface LiveVpicClient {
  decode(vin: string, modelYear?: number): Promise<VpicResult>;
  /** The whole batch in one call of vPIC's DecodeVINValuesBatch: one result per VIN, in order. */
  decodeBatch(requests: readonly LiveDecodeRequest[]): Promise<VpicResult[]>;
  /**
   * Asks one `/vehicles/...` GET request (`path` after `/vehicles/`, `search` with its `?`), its
   * `format` replaced by json: the caller writes the answer in the format asked.
   */
  ask(path: string, search: string): Promise<VpicAnswer>;
}

export function createLiveVpicClient(options: {
  baseUrl: string;
  timeoutMs: number;
  /** The field names an answer may carry (vpicFieldNames); others are dropped. */
  fieldNames: ReadonlySet<string>;
}): LiveVpicClient {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function answerOf(url: URL, init: RequestInit = {}): Promise<VpicAnswer> {
    // The timeout covers reading the body too, so a service that trickles its answer counts.
    const res = await observeProviderCall('vpic', () =>
      fetch(url, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
        // A redirect could point anywhere, the server's own network included: it is a failure.
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      }),
    );
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new Error(`live vPIC answered HTTP ${res.status}`);
    }
    if (!/^application\/json\s*(;|$)/i.test(res.headers.get('content-type') ?? '')) {
      await res.body?.cancel();
      throw new Error('live vPIC answered something other than JSON');
    }
    const body = await readBodyWithin(res, LIVE_VPIC_BODY_MAX_BYTES);
    const answer = acceptVpicAnswer(JSON.parse(body.toString('utf8')), options.fieldNames);
    if (!answer) throw new Error('live vPIC answer is not in vPIC shape');
    return answer;
  }

  return {
    async decode(vin, modelYear) {
      const url = new URL(`${base}/vehicles/DecodeVinValues/${encodeURIComponent(vin)}`);
      url.searchParams.set('format', 'json');
      if (modelYear !== undefined) url.searchParams.set('modelyear', String(modelYear));
      const [result] = decodeResults(await answerOf(url), 1);
      return result as VpicResult;
    },

    async decodeBatch(requests) {
      const data = requests
        .map((r) => (r.modelYear === undefined ? r.vin : `${r.vin},${r.modelYear}`))
        .join(';');
      const answer = await answerOf(new URL(`${base}/vehicles/DecodeVINValuesBatch/`), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ DATA: data, format: 'json' }).toString(),
      });
      return decodeResults(answer, requests.length);
    },

    ask(path, search) {
      const url = new URL(`${base}/vehicles/${safePath(path)}`);
      for (const [name, value] of new URLSearchParams(search)) {
        // vPIC reads query names whatever their case.
        if (name.toLowerCase() !== 'format') url.searchParams.append(name, value);
      }
      url.searchParams.set('format', 'json');
      return answerOf(url);
    },
  };
}

/**
 * `count` DecodeVinValues results, each with vPIC's ErrorCode; vPIC answers strings, so nulls
 * and numbers from a look-alike service are made strings too, and lists inside are dropped.
 */
function decodeResults(answer: VpicAnswer, count: number): VpicResult[] {
  if (answer.Results.length !== count) {
    throw new Error('live vPIC answered another number of decode results');
  }
  return answer.Results.map((record) => {
    const result: VpicResult = {};
    for (const [name, value] of Object.entries(record)) {
      if (Array.isArray(value)) continue;
      result[name] = value === null || value === undefined ? '' : String(value);
    }
    if (result.ErrorCode === undefined) throw new Error('live vPIC answer is not a decode');
    return result;
  });
}

/**
 * The path re-encoded segment by segment, so it stays under `/vehicles/` of the service: a
 * segment of dots (plain or percent-encoded) would climb out of it.
 */
function safePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const decoded = decodeURIComponent(segment);
      if (decoded === '.' || decoded === '..') throw new Error('a path segment of dots');
      return encodeURIComponent(decoded);
    })
    .join('/');
}

import { VPIC_API_MESSAGES, type VpicAnswer, type VpicFormat } from '@vr/contracts';
import type { LiveVpicClient } from '../../adapters/vin-decoder/live-vpic-client.ts';
import type { VpicCatalog, VpicRecord } from '../../adapters/vin-decoder/vpic-catalog.ts';
import { HttpError } from '../../http/errors.ts';
import type { DecodeLog } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { DecodeRequest, DecodeService } from './decode.service.ts';
import { renderVpicAnswer, type RenderedAnswer } from './vpic-formats.ts';

/**
 * What a vPIC endpoint answers, written here in the format asked: from the offline data, or from
 * the live service's answer once accepted in vPIC's shape, never its bytes or content type.
 */
export type VpicReply = RenderedAnswer & { status: number };

/** One request to a vPIC endpoint, as the routes hand it over. */
export interface VpicRequest {
  /** vPIC's endpoint name, for messages. */
  endpoint: string;
  format: VpicFormat;
  /** vPIC's element name for one record in xml (MakeModels, DecodedWMI, ...). */
  item: string;
  /** vPIC's SearchCriteria: what was asked, e.g. `Make:honda | ModelYear:2015`; null for none. */
  criteria: string | null;
  /** The request's path after `/api/vehicles/` with its query, to ask the live service. */
  livePath: string;
}

export interface VpicApiService {
  /**
   * Answers from the offline data's lists; `question` answers undefined when the offline data
   * does not hold what is asked, and the request goes to the live service or is told so.
   */
  answerFromLists(
    request: VpicRequest,
    question: (catalog: VpicCatalog) => VpicRecord[] | undefined,
  ): Promise<VpicReply>;
  /** Writes a decode's answer (DecodeVinValues, its batch) in the format asked. */
  answerDecoded(answer: VpicAnswer, format: VpicFormat, item: string): VpicReply;
  /**
   * Decodes one VIN and answers it as vPIC's DecodeVin lists it (one record per variable),
   * with the NCSA variables when `extended` (DecodeVinExtended).
   */
  decodeAsVariables(
    request: VpicRequest,
    decode: DecodeRequest,
    extended: boolean,
    log: DecodeLog,
  ): Promise<VpicReply>;
  /** Decodes one VIN as DecodeVinValuesExtended: DecodeVinValues and the NCSA variables. */
  decodeValuesExtended(
    request: VpicRequest,
    decode: DecodeRequest,
    log: DecodeLog,
  ): Promise<VpicReply>;
  /** Endpoints the offline data cannot answer at all (GetParts, ...). */
  answerLiveOnly(request: VpicRequest): Promise<VpicReply>;
}

/** `catalog` is absent when the decoder holds no offline data; `live` when VPIC_URL is unset. */
export function createVpicApiService(deps: {
  catalog: VpicCatalog | undefined;
  live: LiveVpicClient | undefined;
  decodes: DecodeService;
}): VpicApiService {
  const { catalog, live, decodes } = deps;

  const render = (request: VpicRequest, answer: VpicAnswer): VpicReply => ({
    status: 200,
    ...renderVpicAnswer(answer, request.format, request.item),
  });

  /**
   * vPIC's empty answer whose Message says why: the request is well formed and no request may
   * answer 5xx for want of data (nor 404: the endpoint exists), so the Message tells it.
   */
  async function notOffline(request: VpicRequest): Promise<VpicReply> {
    if (live) return render(request, await askLive(live, request.livePath));
    return render(request, {
      Count: 0,
      Message: VPIC_API_MESSAGES.notOffline(request.endpoint),
      SearchCriteria: request.criteria,
      Results: [],
    });
  }

  /** Answers `question` of the lists, with `message` (vPIC's list wording unless given). */
  function fromLists(
    request: VpicRequest,
    question: (catalog: VpicCatalog) => VpicRecord[] | undefined,
    message: string = VPIC_API_MESSAGES.listAnswered,
  ): Promise<VpicReply> {
    const records = catalog ? question(catalog) : undefined;
    if (!records) return notOffline(request);
    return Promise.resolve(
      render(request, {
        Count: records.length,
        Message: message,
        SearchCriteria: request.criteria,
        Results: records,
      }),
    );
  }

  return {
    answerFromLists: (request, question) => fromLists(request, question),

    async decodeAsVariables(request, decode, extended, log) {
      const decoded = await decodes.decodeVin(decode, log);
      const result = decoded.Results[0] ?? {};
      return fromLists(
        { ...request, criteria: decoded.SearchCriteria },
        (c) => c.variablesOf(result, extended),
        decoded.Message,
      );
    },

    async decodeValuesExtended(request, decode, log) {
      const decoded = await decodes.decodeVin(decode, log);
      const result = decoded.Results[0] ?? {};
      return fromLists(
        { ...request, criteria: decoded.SearchCriteria },
        (c) => [
          {
            ...result,
            ...Object.fromEntries(c.extendedVariableNames().map((n) => [n, result[n] ?? ''])),
          },
        ],
        decoded.Message,
      );
    },

    answerDecoded(answer, format, item) {
      return { status: 200, ...renderVpicAnswer(answer, format, item) };
    },

    answerLiveOnly: notOffline,
  };
}

/** A live service that fails (or answers out of vPIC's shape) answers 502, one too slow 504. */
async function askLive(live: LiveVpicClient, livePath: string): Promise<VpicAnswer> {
  const query = livePath.indexOf('?');
  const path = query < 0 ? livePath : livePath.slice(0, query);
  const search = query < 0 ? '' : livePath.slice(query);
  try {
    return await live.ask(path, search);
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') {
      throw new HttpError(504, VPIC_API_MESSAGES.liveTimedOut);
    }
    throw new HttpError(502, VPIC_API_MESSAGES.liveFailed);
  }
}

import { vinauditRecords, type VinauditReport } from './vinaudit-records.ts';
import { VehicleHistoryError, type VehicleHistoryProvider } from './vehicle-history.ts';
import { observeProviderCall } from '../../lib/metrics.ts';

export const VINAUDIT_API_BASE = 'https://api.vinaudit.com';

interface VinauditAnswer extends VinauditReport {
  success?: boolean | string;
  error?: string;
  error_message?: string;
}

// VinAudit's documented error codes that another try cannot fix: a bad VIN, a report id that
// does not match the VIN, a refused key or account (docs/reports.md, "Data sources").
const FINAL_ERRORS = new Set(['invalid_vin', 'unexpected_input', 'unauthorized_request']);

/**
 * VinAudit's vehicle history API: `GET /v2/query` (free: are there records?) and
 * `GET /v2/pullreport` with our report id (paid, billed once per id, so a retried job pays once).
 * Its answers carry `success`, `error` and `error_message` beside the record arrays.
 */
export function createVinauditVehicleHistory(options: {
  apiKey: string;
  user: string;
  pass: string;
  baseUrl?: string;
  timeoutMs: number;
}): VehicleHistoryProvider {
  const base = (options.baseUrl ?? VINAUDIT_API_BASE).replace(/\/$/, '');

  async function call(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal,
  ): Promise<VinauditAnswer> {
    const url = new URL(`${base}${path}`);
    url.search = new URLSearchParams({
      ...params,
      key: options.apiKey,
      user: options.user,
      pass: options.pass,
      format: 'json',
    }).toString();
    const bounded = AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]);
    let res: Response;
    let body: VinauditAnswer | null;
    try {
      res = await observeProviderCall('vinaudit', () =>
        fetch(url, { signal: bounded, headers: { Accept: 'application/json' } }),
      );
      body = (await res.json().catch(() => null)) as VinauditAnswer | null;
    } catch (err) {
      if (bounded.aborted)
        throw new VehicleHistoryError('The history provider did not answer in time.', true);
      throw new VehicleHistoryError(
        `The history provider cannot be reached: ${(err as Error).message}`,
        true,
      );
    }
    if (res.status === 401 || res.status === 403)
      throw new VehicleHistoryError('The history provider refused our credentials.', false);
    if (res.status === 429)
      throw new VehicleHistoryError('The history provider is rate limiting us.', true);
    if (res.status >= 500 || !body || typeof body !== 'object')
      throw new VehicleHistoryError(`The history provider failed (HTTP ${res.status}).`, true);
    return body;
  }

  /** The answer's error, if it has one, as a VehicleHistoryError. */
  function errorOf(body: VinauditAnswer): VehicleHistoryError | null {
    const code = body.error?.trim() ?? '';
    const message = body.error_message?.trim() ?? '';
    if (!code && !message) return null;
    const words = message || `The history provider answered ${code}.`;
    // "Account rate limit reached" comes with a code of its own; the words decide.
    if (/rate limit/i.test(message)) return new VehicleHistoryError(words, true);
    // Everything else (failed_request such as NMVTIS's maintenance window, incomplete_report's
    // "Failed to load data for: ... Please retry!", codes not documented) is worth another try:
    // the same report id is billed once, and the order is refunded when the tries run out.
    return new VehicleHistoryError(words, !FINAL_ERRORS.has(code));
  }

  const succeeded = (body: VinauditAnswer) => body.success === true || body.success === 'true';

  return {
    name: 'vinaudit',
    sandbox: false,
    async hasRecords(vin, signal) {
      const body = await call('/v2/query', { vin }, signal);
      if (succeeded(body)) return true;
      const error = errorOf(body);
      if (error) throw error;
      // `success` false without an error: NMVTIS has no records for the VIN.
      return false;
    },
    async pullReport(vin, reportId, signal) {
      const body = await call('/v2/pullreport', { id: reportId, vin }, signal);
      const error = errorOf(body);
      if (error) throw error;
      if (!succeeded(body))
        throw new VehicleHistoryError('The history provider could not make the report.', true);
      return {
        vin,
        provider: 'VinAudit (NMVTIS)',
        sandbox: false,
        records: vinauditRecords(body),
      };
    },
  };
}

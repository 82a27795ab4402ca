import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

type Row = Record<string, string>;

/** The record arrays of a pulled report, named as VinAudit documents them. */
export interface VinauditRecordArrays {
  titles?: Row[];
  checks?: Row[];
  jsi?: Row[];
  thefts?: Row[];
  accidents?: Row[];
  salvage?: Row[];
  sale?: Row[];
  lien?: Row[];
  lie?: Row[];
}

/** A documented answer the double gives to every call instead of its records. */
export type VinauditFailure =
  | { error: string; error_message: string }
  | { status: number }
  | { notJson: true }
  | { hang: true };

export interface VinauditDouble {
  url: string;
  calls: { path: string; params: URLSearchParams }[];
  /** The distinct report ids pulled: what VinAudit would bill. */
  billedIds: Set<string>;
  failWith(failure: VinauditFailure | null): void;
  close(): Promise<void>;
}

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** NMVTIS's documented downtime: daily 06:00-07:00 UTC, Sundays 06:00-10:00 UTC. */
function inMaintenanceWindow(at: Date): boolean {
  const hour = at.getUTCHours();
  return at.getUTCDay() === 0 ? hour >= 6 && hour < 10 : hour === 6;
}

/**
 * A loopback stand-in for VinAudit's vehicle history API as documented: `GET /v2/query` and
 * `GET /v2/pullreport` with key, user, pass and format=json, answering HTTP 200 with `success`,
 * `error` and `error_message` (invalid_vin, unauthorized_request, unexpected_input when a report
 * id is reused for another VIN, failed_request in NMVTIS's maintenance window), numbers and
 * booleans as strings. `reports` holds the VINs with records; other valid VINs have none.
 */
export async function startVinauditDouble(options: {
  key: string;
  user: string;
  pass: string;
  reports: Record<string, VinauditRecordArrays>;
  now?: () => Date;
}): Promise<VinauditDouble> {
  const calls: VinauditDouble['calls'] = [];
  const billedIds = new Set<string>();
  const vinOfId = new Map<string, string>();
  let failure: VinauditFailure | null = null;
  const now = options.now ?? (() => new Date());

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const params = url.searchParams;
    calls.push({ path: url.pathname, params });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const vin = params.get('vin') ?? '';
    const fail = (error: string, message: string) =>
      send(200, { vin, id: params.get('id') ?? '', success: false, error, error_message: message });

    if (url.pathname !== '/v2/query' && url.pathname !== '/v2/pullreport')
      return send(404, { error: 'not found' });
    if (failure && 'hang' in failure) return;
    if (failure && 'status' in failure) return send(failure.status, { error: 'server error' });
    if (failure && 'notJson' in failure) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end('<html>Bad gateway</html>');
    }
    if (failure) return fail(failure.error, failure.error_message);
    if (
      params.get('key') !== options.key ||
      params.get('user') !== options.user ||
      params.get('pass') !== options.pass
    )
      return fail('unauthorized_request', 'Invalid API Key / Invalid username or password.');
    if (params.get('format') !== 'json') return fail('unexpected_input', 'Unsupported format.');
    if (!VIN.test(vin)) return fail('invalid_vin', 'Not a valid 17-digit VIN.');
    if (inMaintenanceWindow(now()))
      return fail('failed_request', 'NMVTIS database unavailable. Please retry later!');
    const records = options.reports[vin];

    if (url.pathname === '/v2/query') {
      return send(200, {
        vin,
        id: 'S41149125266',
        attributes: { vin, make: 'MAKE', model: 'MODEL', type: 'PASSENGER CAR' },
        success: records !== undefined,
        error: '',
        error_message: '',
      });
    }
    const id = params.get('id') ?? '';
    if (!id) return fail('unexpected_input', 'Missing report ID.');
    if (vinOfId.has(id) && vinOfId.get(id) !== vin)
      return fail('unexpected_input', 'Report ID does not match VIN.');
    vinOfId.set(id, vin);
    billedIds.add(id);
    return send(200, {
      id,
      vin,
      date: '2026-11-24 01:07:09 PST',
      attributes: { vin, year: '2013', make: 'MAKE', model: 'MODEL' },
      titles: [],
      checks: [],
      jsi: [],
      thefts: [],
      accidents: [],
      salvage: [],
      sale: [],
      ...records,
      success: true,
      error: '',
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    billedIds,
    failWith: (f) => {
      failure = f;
    },
    close,
  };
}

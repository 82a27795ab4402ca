import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

export interface NhtsaRecallsDouble {
  url: string;
  calls: URLSearchParams[];
  failWith(failure: { status: number } | { hang: true } | null): void;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for NHTSA's public `GET /recalls/recallsByVehicle?make&model&modelYear`:
 * `{ Count, Message, results }` for a known vehicle (matched without regard to case), HTTP 400
 * for a vehicle it has no data for, as NHTSA answers; a 5xx or a hang on request.
 */
export async function startNhtsaRecallsDouble(options: {
  /** Keyed `MAKE|MODEL|YEAR`; NHTSA's result objects as they come. */
  recalls: Record<string, Record<string, unknown>[]>;
}): Promise<NhtsaRecallsDouble> {
  const calls: URLSearchParams[] = [];
  let failure: { status: number } | { hang: true } | null = null;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    calls.push(url.searchParams);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/recalls/recallsByVehicle') return send(404, { message: 'Not found' });
    if (failure && 'hang' in failure) return;
    if (failure) return send(failure.status, { message: 'Gateway Timeout' });
    const p = url.searchParams;
    const key = [p.get('make'), p.get('model'), p.get('modelYear')].join('|').toUpperCase();
    const results = options.recalls[key];
    if (!results) return send(400, { Count: 0, Message: 'No results found.', results: [] });
    return send(200, { Count: results.length, Message: 'Results returned successfully', results });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    failWith: (f) => {
      failure = f;
    },
    close,
  };
}

import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

export interface NhtsaRecallsDouble {
  url: string;
  calls: { path: string; params: URLSearchParams }[];
  failWith(failure: { status: number } | { hang: true } | null): void;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for NHTSA's public recalls API: `GET /recalls/recallsByVehicle?make&model&
 * modelYear` and `GET /products/vehicle/models?modelYear&make&issueType=r`, each answering
 * `{ Count, Message, results }` for what it knows (matched without regard to case) and HTTP 400
 * for what it has no data for, as NHTSA answers; a 5xx or a hang on request.
 */
export async function startNhtsaRecallsDouble(options: {
  /** Keyed `MAKE|MODEL|YEAR` with NHTSA's model names; NHTSA's result objects as they come. */
  recalls: Record<string, Record<string, unknown>[]>;
  /**
   * NHTSA's model names with recalls, keyed `MAKE|YEAR`; by default the models of `recalls`.
   */
  models?: Record<string, string[]>;
}): Promise<NhtsaRecallsDouble> {
  const models: Record<string, string[]> = options.models ?? {};
  if (!options.models) {
    for (const key of Object.keys(options.recalls)) {
      const [make, model, year] = key.split('|');
      (models[`${make}|${year}`] ??= []).push(model!);
    }
  }
  const calls: NhtsaRecallsDouble['calls'] = [];
  let failure: { status: number } | { hang: true } | null = null;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    calls.push({ path: url.pathname, params: url.searchParams });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const paths = ['/recalls/recallsByVehicle', '/products/vehicle/models'];
    if (!paths.includes(url.pathname)) return send(404, { message: 'Not found' });
    if (failure && 'hang' in failure) return;
    if (failure) return send(failure.status, { message: 'Gateway Timeout' });
    const p = url.searchParams;
    if (url.pathname === '/products/vehicle/models') {
      if (p.get('issueType') !== 'r') return send(400, { message: 'issueType is required' });
      const names = models[[p.get('make'), p.get('modelYear')].join('|').toUpperCase()];
      if (!names) return send(400, { Count: 0, Message: 'No results found.', results: [] });
      const results = names.map((model) => ({
        modelYear: p.get('modelYear'),
        make: p.get('make')!.toUpperCase(),
        model,
      }));
      return send(200, {
        Count: results.length,
        Message: 'Results returned successfully',
        results,
      });
    }
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

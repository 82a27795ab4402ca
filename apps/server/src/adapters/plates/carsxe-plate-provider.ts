import { PlateProviderError, type PlateAnswer, type PlateProvider } from './plate-provider.ts';
import { observeProviderCall } from '../../lib/metrics.ts';

export const CARSXE_API_BASE = 'https://api.carsxe.com';

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

interface CarsxeBody {
  success?: boolean;
  vin?: string;
  message?: string;
  error?: string;
}

/**
 * CarsXE's plate decoder (`GET /v2/platedecoder?key&plate&state&country=US`), which answers
 * `{ success, vin, ... }` or `{ success: false, message|error }`.
 */
export function createCarsxePlateProvider(options: {
  apiKey: string;
  baseUrl?: string;
}): PlateProvider {
  const base = (options.baseUrl ?? CARSXE_API_BASE).replace(/\/$/, '');

  async function call(state: string, plate: string, signal: AbortSignal): Promise<CarsxeBody> {
    const url = new URL(`${base}/v2/platedecoder`);
    url.search = new URLSearchParams({
      key: options.apiKey,
      plate,
      state,
      country: 'US',
      format: 'json',
    }).toString();
    let res: Response;
    try {
      res = await observeProviderCall('carsxe', () =>
        fetch(url, { signal, headers: { Accept: 'application/json' } }),
      );
    } catch (err) {
      if (signal.aborted)
        throw new PlateProviderError('The plate provider did not answer in time.', 'timeout');
      throw new PlateProviderError(
        `The plate provider cannot be reached: ${(err as Error).message}`,
        'unavailable',
      );
    }
    const body = (await res.json().catch(() => ({}))) as CarsxeBody;
    if (res.status === 401 || res.status === 403) {
      throw new PlateProviderError('The plate provider refused our API key.', 'rejected');
    }
    if (res.status === 429)
      throw new PlateProviderError(
        'The plate provider is busy. Please try again shortly.',
        'unavailable',
      );
    if (res.status >= 500)
      throw new PlateProviderError(`The plate provider failed (${res.status}).`, 'unavailable');
    return body;
  }

  return {
    name: 'carsxe',
    async lookup(state, plate, signal): Promise<PlateAnswer> {
      const body = await call(state, plate, signal);
      const vin = body.vin?.trim().toUpperCase();
      if (body.success && vin && VIN.test(vin)) return { found: true, vin };
      const text = `${body.message ?? ''} ${body.error ?? ''}`;
      // CarsXE reports an unknown plate as an unsuccessful answer saying so.
      if (body.success || /not found|no (vehicle|results|record)/i.test(text))
        return { found: false };
      throw new PlateProviderError(
        text.trim() || 'The plate provider could not look up this plate.',
        'rejected',
      );
    },
    // No health probe: CarsXE documents none that is not billed as a lookup.
  };
}

import { describe, expect, it } from 'vitest';
import { apiFetch } from '../src/lib/api.ts';
import { decodeVin } from '../src/lib/decode.ts';
import { jsonResponse, stubFetch, vpic } from './support.tsx';

describe('apiFetch', () => {
  it('sends JSON and returns the parsed body', async () => {
    const { fetchMock } = stubFetch({ '/api/api/thing': () => jsonResponse({ ok: 1 }) });
    expect(await apiFetch('/thing')).toEqual({ ok: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("throws the server's message", async () => {
    stubFetch({ '/api/api/thing': () => jsonResponse({ message: 'Nope' }, 400, 'Bad Request') });
    await expect(apiFetch('/thing')).rejects.toMatchObject({ message: 'Nope', status: 400 });
  });

  it('throws the status line without a message', async () => {
    stubFetch({
      '/api/api/thing': () =>
        new Response('oops', { status: 500, statusText: 'Internal Server Error' }),
    });
    await expect(apiFetch('/thing')).rejects.toThrow(
      'API request failed: 500 Internal Server Error',
    );
  });
});

describe('decodeVin', () => {
  it('calls our vPIC-compatible endpoint and summarises the first result', async () => {
    const { calls } = stubFetch({
      '/api/vehicles/DecodeVinValues/': () =>
        jsonResponse(
          vpic({
            ErrorCode: '0',
            ErrorText: '',
            Make: 'HYUNDAI',
            Model: 'Kona',
            ModelYear: '2023',
            DisplacementL: '2',
            EngineCylinders: '4',
            EngineModel: '',
            TransmissionStyle: 'Automatic',
            BodyClass: 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
            FuelTypePrimary: 'Gasoline',
          }),
        ),
    });
    const summary = await decodeVin('KM8K2CAB4PU001140');
    expect(calls[0]).toBe('/api/vehicles/DecodeVinValues/KM8K2CAB4PU001140?format=json');
    expect(summary).toMatchObject({
      vin: 'KM8K2CAB4PU001140',
      year: '2023',
      make: 'HYUNDAI',
      model: 'Kona',
      engine: '2.0L 4 cyl',
      transmission: 'Automatic',
      fuelType: 'Gasoline',
    });
  });
});

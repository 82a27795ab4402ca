import { describe, expect, it } from 'vitest';
import { apiFetch } from '../src/lib/api.ts';
import { decodeVin } from '../src/lib/decode.ts';
import { jsonResponse, setSignedInFlag, stubFetch, vpic } from './support.tsx';

describe('apiFetch', () => {
  it('sends JSON and returns the parsed body; a call without a body declares no type', async () => {
    const { fetchMock } = stubFetch({ '/api/api/thing': () => jsonResponse({ ok: 1 }) });
    expect(await apiFetch('/thing', { method: 'POST', body: '{"a":1}' })).toEqual({ ok: 1 });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Content-Type')).toBe(
      'application/json',
    );
    await apiFetch('/thing', { method: 'DELETE' });
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Accept')).toBe(
      'application/json',
    );
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

describe('apiFetch with a session', () => {
  it("fails with 'Authentication token not available' when a call needs a token", async () => {
    const { setToken } = await import('../src/lib/token.ts');
    setToken(null);
    stubFetch({});
    await expect(apiFetch('/user/me', { auth: true })).rejects.toThrow(
      'Authentication token not available',
    );
  });

  it('renews the token once on a 401 and retries', async () => {
    const { setToken, getToken } = await import('../src/lib/token.ts');
    setToken('old');
    setSignedInFlag();
    const seen: (string | null)[] = [];
    const { fetchMock } = stubFetch({
      '/api/api/auth/refresh': () => jsonResponse({ token: 'new', user: { id: 'u' } }),
      '/api/api/user/me': () => jsonResponse({ id: 'u' }),
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/refresh')) return jsonResponse({ token: 'new', user: { id: 'u' } });
      const auth = new Headers(init?.headers).get('Authorization');
      seen.push(auth);
      return auth === 'Bearer new'
        ? jsonResponse({ id: 'u' })
        : jsonResponse({ message: 'expired' }, 401);
    });
    expect(await apiFetch('/user/me', { auth: true })).toEqual({ id: 'u' });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(getToken()).toBe('new');
    setToken(null);
  });
});

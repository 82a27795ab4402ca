import { afterEach, describe, expect, it } from 'vitest';
import { api, authApi } from '../src/lib/api.ts';
import { decodeVin } from '../src/lib/decode.ts';
import { getToken, setToken } from '../src/lib/token.ts';
import { jsonResponse, setSignedInFlag, stubFetch, vpic } from './support.tsx';

describe('api', () => {
  afterEach(() => setToken(null));

  it('fills the path, sends JSON and returns the parsed body; a call without a body declares no type', async () => {
    setToken('t');
    const { fetchMock, calls } = stubFetch({
      '/api/api/recalls/watches/': () => jsonResponse({ id: 'a b' }),
      '/api/api/report-orders/': () => new Response(null, { status: 204 }),
    });
    expect(
      await api('PUT /recalls/watches/:id', {
        params: { id: 'a b' },
        body: { watching: true },
        auth: true,
      }),
    ).toEqual({ id: 'a b' });
    expect(calls[0]).toBe('/api/api/recalls/watches/a%20b');
    const put = fetchMock.mock.calls[0]?.[1];
    expect(put?.method).toBe('PUT');
    expect(put?.body).toBe('{"watching":true}');
    expect(new Headers(put?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(put?.headers).get('Authorization')).toBe('Bearer t');

    expect(
      await api('DELETE /report-orders/:id/share', { params: { id: 'o1' }, auth: true }),
    ).toBeNull();
    const remove = fetchMock.mock.calls[1]?.[1];
    expect(remove?.method).toBe('DELETE');
    expect(new Headers(remove?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(remove?.headers).get('Accept')).toBe('application/json');
  });

  it('sends the query', async () => {
    setToken('t');
    const { calls } = stubFetch({ '/api/api/admin/users': () => jsonResponse({ data: [] }) });
    await api('GET /admin/users', { query: { page: 2, size: 10 }, auth: true });
    expect(calls[0]).toBe('/api/api/admin/users?page=2&size=10');
  });

  it("throws the server's message", async () => {
    stubFetch({
      '/api/api/public-config': () => jsonResponse({ message: 'Nope' }, 400, 'Bad Request'),
    });
    await expect(api('GET /public-config')).rejects.toMatchObject({ message: 'Nope', status: 400 });
  });

  it('throws the status line without a message', async () => {
    stubFetch({
      '/api/api/public-config': () =>
        new Response('oops', { status: 500, statusText: 'Internal Server Error' }),
    });
    await expect(api('GET /public-config')).rejects.toThrow(
      'API request failed: 500 Internal Server Error',
    );
  });
});

describe('authApi', () => {
  afterEach(() => setToken(null));

  it("throws the server's code and field, and never renews on a 401", async () => {
    setToken('t');
    setSignedInFlag();
    const { calls } = stubFetch({
      '/api/auth/sign-in/email': () =>
        jsonResponse({ message: 'Wrong', code: 'INVALID_CREDENTIALS', field: 'password' }, 401),
    });
    await expect(
      authApi('POST /sign-in/email', { email: 'a@example.com', password: 'x' }),
    ).rejects.toMatchObject({ message: 'Wrong', code: 'INVALID_CREDENTIALS', field: 'password' });
    expect(calls).toEqual(['/api/auth/sign-in/email']);
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

describe('api with a session', () => {
  it("fails with 'Authentication token not available' when a call needs a token", async () => {
    setToken(null);
    const { calls } = stubFetch({});
    await expect(api('GET /user/credit', { auth: true })).rejects.toThrow(
      'Authentication token not available',
    );
    expect(calls).toEqual([]);
  });

  it('renews the token once on a 401 and retries', async () => {
    setToken('old');
    setSignedInFlag();
    const seen: (string | null)[] = [];
    const { fetchMock } = stubFetch({
      '/api/api/auth/refresh': () => jsonResponse({ token: 'new', user: { id: 'u' } }),
      '/api/api/user/credit': () => jsonResponse({ creditBalance: 1 }),
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/refresh')) return jsonResponse({ token: 'new', user: { id: 'u' } });
      const auth = new Headers(init?.headers).get('Authorization');
      seen.push(auth);
      return auth === 'Bearer new'
        ? jsonResponse({ creditBalance: 1 })
        : jsonResponse({ message: 'expired' }, 401);
    });
    expect(await api('GET /user/credit', { auth: true })).toEqual({ creditBalance: 1 });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(getToken()).toBe('new');
    setToken(null);
  });
});

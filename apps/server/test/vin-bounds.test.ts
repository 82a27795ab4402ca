import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, VIN_INPUT_MAX } from '@vr/contracts';
import { LOGGED_URL_MAX } from '../src/lib/request-log.ts';
import { createVerifiedUser, freshEmail, type SignedIn } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { freshIp } from './support/requests.ts';
import { startVpicDouble, type VpicDouble } from './support/vpic-double.ts';

const [db] = testDatabases();
const HUGE = 'A'.repeat(200_000);
/**
 * The longest VIN a path can carry over HTTP: Node refuses a request line and headers over
 * 16 KiB (431) before the app sees it, so a 200 KB path VIN only arrives through inject.
 */
const PATH_HUGE = 'A'.repeat(16_000);
const ACCORD = '1HGCM82633A004352';

describe('VIN-shaped input past its bound', () => {
  const adminEmail = freshEmail('admin');
  const lines: string[] = [];
  let double: VpicDouble;
  let t: TestApp;
  let user: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    double = await startVpicDouble();
    t = await createTestApp(db!, {
      env: { LOG_LEVEL: 'info', ADMIN_EMAILS: adminEmail, VPIC_URL: `${double.url}/api` },
      logStream: { write: (line) => lines.push(line) },
    });
    user = await createVerifiedUser(t.app, t.database.db);
    admin = await createVerifiedUser(t.app, t.database.db, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  const send = (method: 'GET' | 'POST', url: string, body?: object | string, token?: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        'x-forwarded-for': freshIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(typeof body === 'string'
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : {}),
      },
      ...(body !== undefined ? { payload: body } : {}),
    });

  const refusals: [string, () => ReturnType<typeof send>, string][] = [
    ...['DecodeVinValues', 'DecodeVin', 'DecodeVinExtended', 'DecodeVinValuesExtended'].map(
      (name): [string, () => ReturnType<typeof send>, string] => [
        name,
        () => send('GET', `/api/vehicles/${name}/${PATH_HUGE}?format=xml`),
        'vin: ',
      ],
    ),
    [
      'DecodeVINValuesBatch, whole DATA',
      () => send('POST', '/api/vehicles/DecodeVINValuesBatch/', `DATA=${HUGE}`),
      'DATA: ',
    ],
    [
      'DecodeVINValuesBatch, one entry',
      () =>
        send(
          'POST',
          '/api/vehicles/DecodeVINValuesBatch/',
          `DATA=${ACCORD};${'B'.repeat(VIN_INPUT_MAX + 1)}`,
        ),
      'DATA entry 2: ',
    ],
    [
      'report preview',
      () => send('GET', `/api/api/report-orders/preview/${PATH_HUGE}`, undefined, user.token),
      'vin: ',
    ],
    [
      'report order',
      () => send('POST', '/api/api/report-orders', { vin: HUGE }, user.token),
      'vin: ',
    ],
    [
      'admin tryout',
      () => send('POST', '/api/api/admin/tryout', { vin: HUGE }, admin.token),
      'vin: ',
    ],
  ];

  it.each(refusals)(
    'refuses a huge VIN (%s) with 400 naming the field',
    async (_n, call, field) => {
      const res = await call();
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message.startsWith(field)).toBe(true);
    },
  );

  it('neither forwards such a VIN nor logs more than a bounded prefix of it', async () => {
    const before = double.requests.length;
    for (const [, call] of refusals) await call();
    expect(double.requests.length).toBe(before);
    const logged = lines.join('');
    // The request lines were written, with the URL cut short.
    expect(logged).toContain('"request completed"');
    for (const line of lines) expect(line.length).toBeLessThan(LOGGED_URL_MAX + 1024);
  });

  it(`takes ${VIN_INPUT_MAX} characters, refuses ${VIN_INPUT_MAX + 1}`, async () => {
    const long = `${ACCORD}${'X'.repeat(VIN_INPUT_MAX - ACCORD.length)}`;
    const taken = await send('GET', `/api/vehicles/DecodeVinValues/${long}`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json<{ Results: { VIN: string }[] }>().Results[0]?.VIN).toBe(long);
    const refused = await send('GET', `/api/vehicles/DecodeVinValues/${long}X`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'vin',
      message: `vin: ${API_MESSAGES.vinTooLong(VIN_INPUT_MAX)}`,
    });
  });
});

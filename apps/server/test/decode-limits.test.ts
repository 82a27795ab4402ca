import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, DECODE_BATCH_MAX, expectedCheckDigit } from '@vr/contracts';
import type { VinDecoder } from '../src/adapters/vin-decoder/vin-decoder.ts';
import { createTestApp, testConfig, testDecoder, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const [pglite] = testDatabases();
const ACCORD = '1HGCM82633A004352';
const RATE = 4;

/** Distinct VINs no decoder has seen, each with a correct check digit. */
function unseenVins(count: number, salt: number): string[] {
  const wmis = ['1HG', 'JH4', '1G1', '1FT', '5YJ', 'WBA', 'KM8', '3VW', '1N4', '2T1'];
  return Array.from({ length: count }, (_, i) => {
    const serial = String(salt * 100_000 + i).padStart(6, '0');
    const draft = `${wmis[i % wmis.length]}AB12D0${'ABCDEFGHJK'.charAt(i % 10)}A${serial}`;
    return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
  });
}

describe('decode budget per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(pglite!, { env: { DECODE_RATE_PER_MINUTE: String(RATE) } });
  });
  afterAll(async () => {
    await t.close();
  });

  const single = (address: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/vehicles/DecodeVinValues/${ACCORD}?format=json`,
      headers: { 'x-forwarded-for': address },
    });
  const batch = (address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/vehicles/DecodeVINValuesBatch/',
      payload: `DATA=${ACCORD};${ACCORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    });

  it(`answers ${RATE} decode requests a minute, single or batch, then 429 with Retry-After`, async () => {
    const answered = [await single('203.0.113.1'), await batch('203.0.113.1')];
    for (let i = 2; i < RATE; i++) answered.push(await single('203.0.113.1'));
    expect(answered.map((r) => r.statusCode)).toEqual(Array(RATE).fill(200));

    for (const refused of [await single('203.0.113.1'), await batch('203.0.113.1')]) {
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({
        message: API_MESSAGES.decodeRateExceeded(RATE, retryAfter),
      });
    }
  });

  it('counts each address on its own and leaves other endpoints alone', async () => {
    for (let i = 0; i <= RATE; i++) await single('203.0.113.2');
    expect((await single('203.0.113.2')).statusCode).toBe(429);
    expect((await single('203.0.113.3')).statusCode).toBe(200);
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/api/health',
      headers: { 'x-forwarded-for': '203.0.113.2' },
    });
    expect(health.statusCode).toBe(200);
  });
});

describe('a flood of batch decodes', () => {
  let t: TestApp;
  let health: Promise<string> | undefined;
  const finished: string[] = [];
  beforeAll(async () => {
    const decoder = await testDecoder(testConfig());
    const decodeNow = decoder.decodeNow?.bind(decoder);
    if (!decodeNow) throw new Error('the offline decoder answers from memory');
    // The health check is sent once the flood is being decoded, as a visitor's would be.
    const sendHealth = () =>
      (health ??= t.app.inject({ method: 'GET', url: '/api/api/health' }).then((res) => {
        finished.push(`health ${res.statusCode}`);
        return res.body;
      }));
    const sendingHealth: VinDecoder = {
      decode: (vin, modelYear, log) => {
        void sendHealth();
        return decoder.decode(vin, modelYear, log);
      },
      decodeNow: (vin, modelYear) => {
        void sendHealth();
        return decodeNow(vin, modelYear);
      },
      close: () => decoder.close(),
    };
    t = await createTestApp(pglite!, { decoder: sendingHealth });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a health check sent while the first batch is decoded before most of the flood', async () => {
    const batches = Array.from({ length: 20 }, (_, i) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/vehicles/DecodeVINValuesBatch/',
          payload: `DATA=${unseenVins(DECODE_BATCH_MAX, i).join(';')}`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `198.51.100.${i + 1}`,
          },
        })
        .then((res) => finished.push(`batch ${i + 1} ${res.statusCode}`)),
    );
    await Promise.all(batches);
    await health;
    expect(finished.filter((f) => f.endsWith(' 200'))).toHaveLength(21);
    // Batches are answered in turn; the health check does not wait for the rest of the flood.
    expect(finished.indexOf('health 200')).toBeLessThan(batches.length / 2);
  });
});

import { RECALL_UNSUBSCRIBE_RATE_PER_MINUTE } from '@vr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createRecallsProvider } from '../src/adapters/recalls/index.ts';
import { outbox } from '../src/db/schema.ts';
import { recallAlertsSent } from '../src/lib/metrics.ts';
import { resolveAuthSecret } from '../src/modules/auth/index.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import {
  createRecallWatchService,
  type RecallWatchService,
} from '../src/modules/recall-watch/recall-watch.service.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { createTestApp, testDecoder, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import {
  startNhtsaRecallsDouble,
  type NhtsaRecallsDouble,
} from './support/nhtsa-recalls-double.ts';
import { api, call } from './support/requests.ts';

const ACCORD_VIN = '1HGCM82633A004352'; // 2003 Honda Accord
const F150_VIN = '1FTFW1ET9DFC10312'; // 2013 Ford F-150
const MALIBU_VIN = '1G1ZD5STXJF123456'; // 2018 Chevrolet Malibu
const DAY = 24 * 3_600_000;

/** A campaign as NHTSA's recallsByVehicle answers it. */
function nhtsaRecall(n: string, extra: Record<string, unknown> = {}) {
  return {
    NHTSACampaignNumber: n,
    Component: `COMPONENT OF ${n}`,
    Summary: `Summary of ${n}.`,
    Consequence: `Consequence of ${n}.`,
    Remedy: `Remedy of ${n}.`,
    ReportReceivedDate: '01/02/2026',
    parkIt: false,
    parkOutSide: false,
    ...extra,
  };
}

describe.each(testDatabases())('recall watch on $name', (testDb) => {
  let t: TestApp;
  let nhtsa: NhtsaRecallsDouble;
  const recalls: Record<string, Record<string, unknown>[]> = {
    'HONDA|ACCORD|2003': [nhtsaRecall('14V001000')],
    'CHEVROLET|MALIBU|2018': [],
    'FORD|F150|2013': [nhtsaRecall('13V002000')],
  };
  let watch: RecallWatchService;
  /** A second instance's service on the same database: its own queue sender and provider. */
  let other: RecallWatchService;
  /** The mails kept for `email`, oldest first, as the outbox keeps them (headers included). */
  const mailsTo = async (email: string) =>
    (
      await t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.id))
    ).map((message) => ({ message }));

  beforeAll(async () => {
    nhtsa = await startNhtsaRecallsDouble({ recalls });
    t = await createTestApp(testDb, {
      slaJob: false,
      reportJob: true,
      env: { RECALLS_PROVIDER: 'nhtsa', RECALLS_API_BASE: nhtsa.url },
    });
    const secret = await resolveAuthSecret(t.config, t.database);
    const service = () =>
      createRecallWatchService({
        db: t.database.db,
        jobs: t.jobs,
        mail: { productName: 'Vehicle Records', publicUrl: 'http://localhost:3000' },
        provider: createRecallsProvider(t.config),
        decoder: { decode: async (vin) => (await testDecoder(t.config)).decode(vin) },
        secret,
        callsPerPass: 50,
        log: { info: () => {}, warn: () => {} },
      });
    watch = service();
    other = service();
  });
  afterAll(async () => {
    await t.close();
    await nhtsa.close();
  });

  /** A customer whose report of `vin` is generated (its recalls from the double). */
  async function customerWithReport(vin: string): Promise<SignedIn> {
    const user = await createVerifiedUser(t.app, t.database.db);
    await adjustTo(t.database.db, { userId: user.userId, newBalance: 1, actorId: 'test' });
    const order = await api(t.app, 'POST', '/api/api/report-orders', user.token, { vin });
    expect(order.statusCode).toBe(201);
    await t.jobs.drain();
    const orders = await api(t.app, 'GET', '/api/api/report-orders/my-orders', user.token);
    expect(orders.body).toContain('Completed');
    return user;
  }

  async function pass(at: Date, service = watch) {
    const outcome = await service.runPass(at);
    await t.jobs.drain();
    return outcome;
  }

  const watched = async (user: SignedIn) => {
    const res = await api(t.app, 'GET', '/api/api/recalls/watches', user.token);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      vehicles: {
        id: string;
        vin: string;
        state: string;
        watchUntil: string;
        campaigns: { campaignNumber: string }[];
      }[];
    };
  };

  it('mails a campaign published between two passes once, not the ones of the report, at most once a day', async () => {
    const user = await customerWithReport(ACCORD_VIN);
    const before = (await mailsTo(user.email)).length;
    const ordered = Date.now();

    const [vehicle] = (await watched(user)).vehicles;
    expect(vehicle).toMatchObject({ vin: ACCORD_VIN, state: 'on', campaigns: [] });
    const until = new Date(vehicle!.watchUntil).getTime();
    expect(until - ordered).toBeGreaterThan(3 * 365 * DAY - 2 * DAY);
    expect(until - ordered).toBeLessThan(3 * 366 * DAY + DAY);

    // First pass: the report's campaign is the baseline; asked fresh although the report's
    // answer is in the day-long cache.
    const callsBefore = nhtsa.calls.length;
    const first = await pass(new Date());
    expect(first.ran).toBe(true);
    expect(nhtsa.calls.length).toBeGreaterThan(callsBefore);
    expect(await mailsTo(user.email)).toHaveLength(before);

    const alertsCounted = (await recallAlertsSent.get()).values[0]?.value ?? 0;
    recalls['HONDA|ACCORD|2003']!.push(
      nhtsaRecall('26V100000'),
      nhtsaRecall('26V100001', { parkIt: true, Component: 'FUEL SYSTEM' }),
    );
    await pass(new Date());
    const alerts = (await mailsTo(user.email)).slice(before);
    expect(alerts).toHaveLength(1);
    const alert = alerts[0]!.message;
    expect(alert.subject).toContain('2 new safety recalls');
    expect(alert.text).not.toContain('14V001000');
    for (const part of ['26V100000', 'COMPONENT OF 26V100000', 'Summary of 26V100000.']) {
      expect(alert.text).toContain(part);
    }
    expect(alert.text).toContain('Consequence of 26V100001.');
    expect(alert.text).toContain('Remedy of 26V100001.');
    // The park-it warning comes first.
    expect(alert.text.indexOf('26V100001')).toBeLessThan(alert.text.indexOf('26V100000'));
    expect(alert.text).toContain('DO NOT DRIVE');
    expect(alert.text).toContain('https://www.nhtsa.gov/recalls');
    expect(alert.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/api\/recalls\/unsubscribe\/[^>]+>$/,
    );
    expect(alert.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await recallAlertsSent.get()).values[0]?.value).toBe(alertsCounted + 1);

    // Nothing new: nothing mailed again.
    await pass(new Date());
    expect((await mailsTo(user.email)).slice(before)).toHaveLength(1);

    // A third campaign the same day waits for the next day's alert, and comes alone.
    recalls['HONDA|ACCORD|2003']!.push(nhtsaRecall('26V100002'));
    await pass(new Date());
    expect((await mailsTo(user.email)).slice(before)).toHaveLength(1);
    await pass(new Date(Date.now() + DAY + 60_000));
    const later = (await mailsTo(user.email)).slice(before);
    expect(later).toHaveLength(2);
    expect(later[1]!.message.text).toContain('26V100002');
    expect(later[1]!.message.text).not.toContain('26V100000:');

    const shown = (await watched(user)).vehicles[0]!.campaigns.map((c) => c.campaignNumber);
    expect(shown.sort()).toEqual(['26V100000', '26V100001', '26V100002']);
  });

  it('mails nothing for a vehicle its customer turned off on the dashboard', async () => {
    const user = await customerWithReport(F150_VIN);
    const before = (await mailsTo(user.email)).length;
    await pass(new Date(Date.now() + 3 * DAY));
    const [vehicle] = (await watched(user)).vehicles;
    const off = await api(t.app, 'PUT', `/api/api/recalls/watches/${vehicle!.id}`, user.token, {
      watching: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ state: 'off' });

    recalls['FORD|F150|2013']!.push(nhtsaRecall('26V200000'));
    await pass(new Date(Date.now() + 4 * DAY));
    expect(await mailsTo(user.email)).toHaveLength(before);

    // Another customer cannot touch it.
    const stranger = await createVerifiedUser(t.app, t.database.db);
    const theirs = await api(
      t.app,
      'PUT',
      `/api/api/recalls/watches/${vehicle!.id}`,
      stranger.token,
      {
        watching: true,
      },
    );
    expect(theirs.statusCode).toBe(404);
    expect((await watched(user)).vehicles[0]!.state).toBe('off');
  });

  it('sends one mail when two instances run the pass at once', async () => {
    const user = await customerWithReport(MALIBU_VIN);
    const before = (await mailsTo(user.email)).length;
    const at = Date.now() + 6 * DAY;
    await pass(new Date(at));
    recalls['CHEVROLET|MALIBU|2018']!.push(nhtsaRecall('26V300000'));
    const outcomes = await Promise.all([
      watch.runPass(new Date(at + DAY)),
      other.runPass(new Date(at + DAY)),
    ]);
    // Whichever instance ran, and even if both had run, one mail.
    expect(outcomes.filter((o) => o.ran).length).toBeGreaterThanOrEqual(1);
    await t.jobs.drain();
    await Promise.all([
      watch.runPass(new Date(at + 3 * DAY)),
      other.runPass(new Date(at + 3 * DAY)),
    ]);
    await t.jobs.drain();
    const civic = (await mailsTo(user.email)).slice(before);
    expect(civic).toHaveLength(1);
    expect(civic[0]!.message.text).toContain('26V300000');
  });

  it("stops the alerts through the mail's link with no session: GET asks, POST one-click turns off", async () => {
    const user = await customerWithReport(ACCORD_VIN);
    const before = (await mailsTo(user.email)).length;
    const at = Date.now() + 10 * DAY;
    await pass(new Date(at));
    recalls['HONDA|ACCORD|2003']!.push(nhtsaRecall('26V400000'));
    await pass(new Date(at + DAY));
    const [alert] = (await mailsTo(user.email)).slice(before);
    expect(alert).toBeDefined();
    const link = /<(.+)>/.exec(alert!.message.headers!['List-Unsubscribe']!)![1]!;
    const path = new URL(link).pathname;

    const asked = await call(t.app, 'GET', path);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toContain('text/html');
    expect(asked.body).toContain('Stop recall alerts');
    expect(asked.body).toContain('<form method="post"');
    expect((await watched(user)).vehicles.every((v) => v.state === 'on')).toBe(true);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('Recall alerts stopped');
    expect((await watched(user)).vehicles.every((v) => v.state === 'off')).toBe(true);

    recalls['HONDA|ACCORD|2003']!.push(nhtsaRecall('26V400001'));
    await pass(new Date(at + 3 * DAY));
    expect((await mailsTo(user.email)).slice(before)).toHaveLength(1);

    // A vehicle's own link (in the body) works the same; a forged one is refused.
    const bodyLink = /Stop recall alerts for this vehicle: (\S+)/.exec(alert!.message.text)![1]!;
    const own = await call(t.app, 'POST', new URL(bodyLink).pathname);
    expect(own.statusCode, own.body).toBe(200);
    // Every last character but the real one, including those base64url decodes to the same bytes.
    const last = path.at(-1)!;
    for (const other of ['A', 'B', 'C', 'D'].filter((c) => c !== last)) {
      expect((await call(t.app, 'POST', path.slice(0, -1) + other)).statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', '/api/api/recalls/unsubscribe/nonsense')).statusCode).toBe(
      404,
    );
  });

  it('gives the unsubscribe link a budget per client address, shared by GET and POST', async () => {
    const from = (address: string, method: 'GET' | 'POST') =>
      t.app.inject({
        method,
        url: '/api/api/recalls/unsubscribe/nonsense',
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < RECALL_UNSUBSCRIBE_RATE_PER_MINUTE; i += 1) {
      expect((await from('203.0.113.77', i % 2 ? 'GET' : 'POST')).statusCode).toBe(404);
    }
    const refused = await from('203.0.113.77', 'GET');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toContain(`At most ${RECALL_UNSUBSCRIBE_RATE_PER_MINUTE}`);
    expect((await from('203.0.113.78', 'GET')).statusCode).toBe(404);
  });

  it('asks the provider at most RECALL_WATCH_CALLS_PER_PASS times a pass; the vehicles left go first next time', async () => {
    const secret = await resolveAuthSecret(t.config, t.database);
    const frugal = createRecallWatchService({
      db: t.database.db,
      jobs: t.jobs,
      mail: { productName: 'Vehicle Records', publicUrl: 'http://localhost:3000' },
      provider: createRecallsProvider(t.config),
      decoder: { decode: async (vin) => (await testDecoder(t.config)).decode(vin) },
      secret,
      callsPerPass: 2,
      log: { info: () => {}, warn: () => {} },
    });
    // Two watches are on by now (earlier tests): an Accord and the Malibu.
    const at = Date.now() + 20 * DAY;
    const calls = nhtsa.calls.length;
    const first = await frugal.runPass(new Date(at));
    expect(first.providerCalls).toBe(2);
    expect(nhtsa.calls.length - calls).toBe(2);
    expect(first.leftOver).toBeGreaterThan(0);
    const asked = nhtsa.calls.slice(calls).map((c) => c.params.get('make'));
    const second = await frugal.runPass(new Date(at + 1000));
    expect(second.providerCalls).toBe(2);
    const next = nhtsa.calls.slice(calls + 2).map((c) => c.params.get('make'));
    // The vehicles left over are asked first: another make than the first pass's.
    expect(next).not.toEqual(asked);
  });
});

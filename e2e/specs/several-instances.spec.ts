import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSandboxCard,
  api,
  buyCredits,
  createAccount,
  signInApi,
  type Account,
} from '../support/accounts.ts';
import { Inbox } from '../support/inbox.ts';
import { sql } from '../support/psql.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { accordVin } from '../support/vins.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;

/** Status and body of a request, whatever the status: the burst tests judge every answer. */
async function call(
  server: RunningServer,
  path: string,
  init: { token: string; method?: string; body?: unknown; headers?: Record<string, string> },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      Authorization: `Bearer ${init.token}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Users whose balance differs from the sum of their ledger rows (none, always). */
async function balancesOffTheLedger(url: string): Promise<string[][]> {
  return sql(
    url,
    `select b.user_id, b.balance, coalesce(sum(l.delta), 0) from credit_balances b
     left join credit_ledger l on l.user_id = b.user_id
     group by b.user_id, b.balance having b.balance <> coalesce(sum(l.delta), 0)`,
  );
}

describe.skipIf(!BASE_URL)('two instances on one PostgreSQL database', () => {
  const name = `vr_instances_${process.pid}_${Date.now()}`;
  const url = BASE_URL ? Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString() : '';
  let inbox: Inbox;
  let a: RunningServer;
  let b: RunningServer;
  let bDataDir = '';

  const startInstance = (dataDir?: string) =>
    startServer({
      DATABASE_URL: url,
      SMTP_URL: inbox.url,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    });

  beforeAll(async () => {
    await sql(BASE_URL!, `create database "${name}"`);
    inbox = new Inbox();
    await inbox.start();
    // Started at the same moment on an empty database: they take turns to migrate.
    [a, b] = await Promise.all([startInstance(), startInstance()]);
    bDataDir = b.dataDir;
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop({ keepData: true })]);
    if (bDataDir) rmSync(bDataDir, { recursive: true, force: true });
    await inbox?.close();
    await sql(BASE_URL!, `drop database if exists "${name}" with (force)`);
  });

  it('both come up on a fresh database and accept each other’s sessions', async () => {
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/api/api/health`)).status).toBe(200);
    }
    const account = await createAccount(a, inbox, `both-${Date.now()}@example.com`);
    // No AUTH_SECRET and separate DATA_DIRs: the signing secret is shared by the database.
    const seenByB = await call(b, '/api/api/user/credit', { token: account.token });
    expect(seenByB).toEqual({ status: 200, body: { creditBalance: 0 } });
    const tokenFromB = await signInApi(b, account.email);
    expect((await call(a, '/api/api/user/credit', { token: tokenFromB })).status).toBe(200);
  });

  it('accepts exactly one of 20 orders split across both for a customer with 1 credit', async () => {
    const account = await createAccount(a, inbox, `orders-${Date.now()}@example.com`);
    expect(await buyCredits(b, account.token, { packageId: 'credits_1' })).toBe('succeeded');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? a : b, '/api/api/report-orders', {
          token: account.token,
          body: { vin: accordVin(i) },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    for (const server of [a, b]) {
      const credit = await call(server, '/api/api/user/credit', { token: account.token });
      expect(credit.body).toEqual({ creditBalance: 0 });
    }
  });

  it('credits each of 10 purchases once when 100 confirms and status checks race through both', async () => {
    const buyers: { account: Account; intents: string[] }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const account = await createAccount(b, inbox, `buyer-${i}-${Date.now()}@example.com`);
      const card = await addSandboxCard(a, account.token, { isDefault: true });
      const intents: string[] = [];
      for (const server of [a, b]) {
        const intent = await api<{ paymentIntentId: string }>(
          server,
          '/api/api/stripe-credit/credit-purchase',
          {
            token: account.token,
            body: { packageId: 'credits_3', paymentMethodId: card, confirmImmediately: false },
          },
        );
        intents.push(intent.paymentIntentId);
      }
      buyers.push({ account, intents });
    }
    const requests = buyers.flatMap(({ account, intents }) =>
      intents.flatMap((id) =>
        Array.from({ length: 10 }, (_, i) => {
          const server = i % 2 ? a : b;
          const path = `/api/api/stripe-credit/payment-intent/${id}`;
          return i % 3 === 0
            ? call(server, path, { token: account.token })
            : call(server, `${path}/confirm`, { token: account.token, body: {} });
        }),
      ),
    );
    expect(requests).toHaveLength(100);
    const answers = await Promise.all(requests);
    const unexpected = answers.filter(
      (r) => r.status !== 200 && (r.status < 400 || r.status >= 500),
    );
    expect(unexpected).toEqual([]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(100);
    // The moment the burst ends, every balance already holds its two purchases, once each.
    for (const { account, intents } of buyers) {
      for (const server of [a, b]) {
        const credit = await call(server, '/api/api/user/credit', { token: account.token });
        expect(credit.body).toEqual({ creditBalance: 6 });
      }
      const rows = await sql(
        url,
        `select count(*) from credit_ledger where kind = 'purchase' and reference in ('${intents.join("','")}')`,
      );
      expect(rows).toEqual([['2']]);
    }
    expect(await balancesOffTheLedger(url)).toEqual([]);
  });

  it('keeps every acknowledged order and payment when one instance is killed mid-burst', async () => {
    const account = await createAccount(a, inbox, `killed-${Date.now()}@example.com`);
    const card = await addSandboxCard(a, account.token, { isDefault: true });
    expect(await buyCredits(a, account.token, { packageId: 'credits_10' })).toBe('succeeded');
    const acknowledged = { orders: new Set<string>(), payments: new Set<string>() };
    let answered = 0;
    let killed: Promise<unknown> | undefined;
    const killBAfter = 8;
    const note = <T>(work: Promise<T>) =>
      work.finally(() => {
        answered += 1;
        if (answered === killBAfter) {
          killed = new Promise((resolve) => b.process.once('exit', resolve));
          b.process.kill('SIGKILL');
        }
      });
    const burst = Array.from({ length: 40 }, (_, i) => {
      const server = i % 2 ? a : b;
      if (i % 4 === 3) {
        return note(
          (async () => {
            const intent = await call(server, '/api/api/stripe-credit/credit-purchase', {
              token: account.token,
              body: { packageId: 'credits_1', paymentMethodId: card, confirmImmediately: true },
            });
            if (intent.status === 200 && intent.body.status === 'succeeded') {
              acknowledged.payments.add(String(intent.body.paymentIntentId));
            }
            return intent;
          })(),
        );
      }
      return note(
        call(server, '/api/api/report-orders', {
          token: account.token,
          body: { vin: accordVin(100 + i) },
          headers: { 'Idempotency-Key': `kill-${i}` },
        }).then((r) => {
          if (r.status === 201) acknowledged.orders.add(String(r.body.id));
          return r;
        }),
      );
    });
    const settled = await Promise.allSettled(burst);
    await killed;
    // Requests to the killed instance may fail on the socket; no answer is ever a 5xx.
    for (const result of settled) {
      if (result.status === 'fulfilled') expect(result.value.status).toBeLessThan(500);
    }
    expect(acknowledged.orders.size).toBeGreaterThan(0);

    const survivorOrders = await api<{ id: string }[]>(a, '/api/api/report-orders/my-orders', {
      token: account.token,
    });
    const listed = new Set(survivorOrders.map((o) => o.id));
    for (const id of acknowledged.orders) expect(listed).toContain(id);
    const purchases = await sql(
      url,
      `select reference from credit_ledger where kind = 'purchase' and user_id =
       (select id from auth_users where email = '${account.email}')`,
    );
    const credited = new Set(purchases.map(([reference]) => reference));
    for (const id of acknowledged.payments) expect(credited).toContain(id);
    expect(await balancesOffTheLedger(url)).toEqual([]);

    const survivorBalance = await call(a, '/api/api/user/credit', { token: account.token });
    b = await startInstance(bDataDir);
    const restartedBalance = await call(b, '/api/api/user/credit', { token: account.token });
    expect(restartedBalance).toEqual(survivorBalance);
    const ledgerSum = await sql(
      url,
      `select coalesce(sum(delta), 0) from credit_ledger where user_id =
       (select id from auth_users where email = '${account.email}')`,
    );
    expect(survivorBalance.body).toEqual({ creditBalance: Number(ledgerSum[0]![0]) });
  });
});

import { execFile, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FROM_SOURCES } from '../apps/server/test/support/from-sources.ts';
import { addSandboxCard, api, createAccount, signInApi } from '../e2e/support/accounts.ts';
import { Inbox } from '../e2e/support/inbox.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import type { LoadFigures, LoadPlan } from './load-client.ts';

const run = promisify(execFile);
const HERE = dirname(fileURLToPath(import.meta.url));
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgresql://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = 20;
const IN_FLIGHT = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ADMIN = 'bench-admin@example.com';

const withDatabase = (name: string) =>
  Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString();

async function psql(url: string, command: string): Promise<void> {
  await run('psql', [url, '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', command]);
}

/** pgbench's simple-update transactions per second with as many clients as orders in flight. */
async function pgbenchTps(): Promise<number> {
  const name = `vr_bench_pgbench_${process.pid}`;
  await psql(BASE_URL, `create database "${name}"`);
  try {
    const url = withDatabase(name);
    await run('pgbench', ['-i', '-q', '-s', '10', url]);
    const { stdout } = await run('pgbench', [
      '-N',
      '-c',
      String(IN_FLIGHT),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      url,
    ]);
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`no tps in pgbench's output:\n${stdout}`);
    return Math.round(Number(tps));
  } finally {
    await psql(BASE_URL, `drop database if exists "${name}" with (force)`);
  }
}

/** Runs the load in a child process and reads its figures. */
function load(plan: LoadPlan): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...FROM_SOURCES, join(HERE, 'load-client.ts'), JSON.stringify(plan)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as LoadFigures)
        : reject(new Error(`load client exited ${code}`)),
    );
  });
}

export interface Customer {
  token: string;
  card: string;
}

/** `count` customers with plenty of credit and a saved sandbox card each (server: ADMIN_EMAILS). */
export async function prepareCustomers(
  server: RunningServer,
  inbox: Inbox,
  count = CUSTOMERS,
): Promise<Customer[]> {
  await createAccount(server, inbox, ADMIN);
  const adminToken = await signInApi(server, ADMIN);
  const customers: Customer[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `bench-${i}-${Date.now()}@example.com`;
    // Each customer from an address of its own, as real customers are (per-address limits).
    const account = await createAccount(server, inbox, email, undefined, {
      'x-forwarded-for': `198.51.100.${i + 1}`,
    });
    const found = await api<{ data: { id: string } }>(
      server,
      `/api/api/admin/users/email/${encodeURIComponent(email)}`,
      { token: adminToken },
    );
    await api(server, `/api/api/admin/users/${found.data.id}`, {
      token: adminToken,
      method: 'PUT',
      body: { credit: 100_000 },
    });
    const card = await addSandboxCard(server, account.token, { isDefault: true });
    customers.push({ token: account.token, card });
  }
  return customers;
}

async function measure(servers: RunningServer[], customers: Customer[], firstVin: number) {
  const urls = servers.map((s) => s.url);
  const connections = IN_FLIGHT / servers.length;
  const orders = await load({
    urls,
    connections,
    seconds: SECONDS,
    path: '/api/api/report-orders',
    customers: customers.map((c) => ({ token: c.token, body: {} })),
    freshVin: true,
    firstVin,
  });
  const purchases = await load({
    urls,
    connections,
    seconds: SECONDS,
    path: '/api/api/stripe-credit/credit-purchase',
    customers: customers.map((c) => ({
      token: c.token,
      body: { packageId: 'credits_1', paymentMethodId: c.card, confirmImmediately: true },
    })),
  });
  return { orders, purchases };
}

const row = (label: string, f: LoadFigures, pgbench: number) =>
  `| ${label} | ${f.perSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.non2xx + f.errors} | ${((f.perSecond / pgbench) * 100).toFixed(1)}% |`;

/**
 * Report orders (a fresh VIN each) and card purchases (create + confirm, sandbox) per second on
 * PostgreSQL, with one `all` instance and with 2 `web` + 1 `worker`, 32 requests in flight from 20 customers, beside pgbench's simple-update
 * TPS on the same database server in the same run.
 */
export async function benchInstances(): Promise<void> {
  const name = `vr_bench_${process.pid}_${Date.now()}`;
  await psql(BASE_URL, `create database "${name}"`);
  const inbox = new Inbox();
  await inbox.start();
  const servers: RunningServer[] = [];
  try {
    const pgbench = await pgbenchTps();
    const env = {
      DATABASE_URL: withDatabase(name),
      SMTP_URL: inbox.url,
      ADMIN_EMAILS: ADMIN,
      LOG_LEVEL: 'warn',
      // The bench's own sign-ups come from loopback and say which address they stand for.
      TRUST_PROXY: 'loopback',
    };
    servers.push(await startServer(env));
    const customers = await prepareCustomers(servers[0]!, inbox);
    const one = await measure(servers, customers, 0);
    // The same database behind two web processes (the load's targets) and one worker.
    await servers.pop()!.stop();
    const [web1, web2, worker] = await Promise.all([
      startServer({ ...env, ROLE: 'web' }),
      startServer({ ...env, ROLE: 'web' }),
      startServer({ ...env, ROLE: 'worker' }),
    ]);
    servers.push(web1, web2, worker);
    const two = await measure([web1, web2], customers, 200_000);
    console.log(
      `\n## Several instances on PostgreSQL (${IN_FLIGHT} in flight, ${SECONDS} s each)\n`,
    );
    console.log(`pgbench -N, ${IN_FLIGHT} clients: ${pgbench} TPS\n`);
    console.log('| load | per second | p50 ms | p99 ms | errors | of pgbench |');
    console.log('|---|---|---|---|---|---|');
    console.log(row('orders, one instance', one.orders, pgbench));
    console.log(row('orders, 2 web + 1 worker', two.orders, pgbench));
    console.log(row('purchases, one instance', one.purchases, pgbench));
    console.log(row('purchases, 2 web + 1 worker', two.purchases, pgbench));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await inbox.close();
    await psql(BASE_URL, `drop database if exists "${name}" with (force)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchInstances();

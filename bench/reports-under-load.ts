import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { api, signInApi } from '../e2e/support/accounts.ts';
import { Inbox } from '../e2e/support/inbox.ts';
import { startServer } from '../e2e/support/server.ts';
import { accordVin } from '../e2e/support/vins.ts';
import { ADMIN, prepareCustomers } from './instances.ts';

const ORDERS = 200;
const CUSTOMERS = 20;
const IN_FLIGHT = 16;
const PROBE_EVERY_MS = 100;
/** How often the bench asks whether every report is Completed: one admin count, not per-customer lists. */
const COMPLETION_CHECK_EVERY_MS = 500;

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

async function timedGet(url: string, token?: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

/**
 * A burst of 200 report orders (20 customers, 16 in flight, fresh VINs) on the embedded default
 * (one `all` process, PGlite, sandbox providers), with health and a signed-in read probed every
 * 100 ms until every report is Completed.
 */
export async function benchReportsUnderLoad(): Promise<void> {
  const inbox = new Inbox();
  await inbox.start();
  const server = await startServer({
    SMTP_URL: inbox.url,
    ADMIN_EMAILS: ADMIN,
    TRUST_PROXY: 'loopback',
  });
  try {
    const customers = await prepareCustomers(server, inbox, CUSTOMERS);
    const health: number[] = [];
    const reads: number[] = [];
    let done = false;
    const probes = (async () => {
      while (!done) {
        const [h, r] = await Promise.all([
          timedGet(`${server.url}/api/api/health`),
          timedGet(`${server.url}/api/api/user/credit`, customers[0]!.token),
        ]);
        health.push(h);
        reads.push(r);
        await delay(PROBE_EVERY_MS);
      }
    })();
    const started = performance.now();
    let next = 0;
    let errors = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let n = next++; n < ORDERS; n = next++) {
          const res = await fetch(`${server.url}/api/api/report-orders`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${customers[n % CUSTOMERS]!.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ vin: accordVin(n) }),
          });
          await res.arrayBuffer();
          if (res.status !== 201) errors += 1;
        }
      }),
    );
    const placedS = (performance.now() - started) / 1000;
    const adminToken = await signInApi(server, ADMIN);
    for (;;) {
      const { counts } = await api<{ counts: { completed: number } }>(
        server,
        '/api/api/admin/report-orders/counts',
        { token: adminToken },
      );
      if (counts.completed >= ORDERS - errors) break;
      if (performance.now() - started > 10 * 60_000) throw new Error('reports not completed');
      await delay(COMPLETION_CHECK_EVERY_MS);
    }
    const completedS = (performance.now() - started) / 1000;
    done = true;
    await probes;
    console.log(`\n## Reports under load (${ORDERS} orders, ${IN_FLIGHT} in flight, embedded)\n`);
    console.log(
      `placed in ${placedS.toFixed(1)} s (${errors} errors); every report Completed after ` +
        `${completedS.toFixed(1)} s; health p50 ${percentile(health, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(health, 99).toFixed(0)} ms; signed-in read p50 ` +
        `${percentile(reads, 50).toFixed(0)} ms, p99 ${percentile(reads, 99).toFixed(0)} ms`,
    );
  } finally {
    await server.stop();
    await inbox.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchReportsUnderLoad();

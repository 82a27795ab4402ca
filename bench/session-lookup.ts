/**
 * A signed-in read (`GET /api/api/user/credit` with a bearer token) with and without the
 * per-instance session cache (SESSION_CACHE_SECONDS; docs/decisions/0026-bearer-session-cache.md):
 * two servers side by side on the same database kind, one with the cache off, asked in turns,
 * ROUNDS times, REQUESTS requests each with IN_FLIGHT in flight from one autocannon process.
 * `BENCH_DATABASE_URL` runs both on that PostgreSQL database instead of PGlite.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createAccount } from '../e2e/support/accounts.ts';
import { Inbox } from '../e2e/support/inbox.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { cpuMs, inChild, inTurns, median } from './decode-bare.ts';

const IN_FLIGHT = 16;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CREDIT = '/api/api/user/credit';

export async function benchSessionLookup(): Promise<void> {
  const inbox = new Inbox();
  await inbox.start();
  const database = process.env.BENCH_DATABASE_URL;
  const servers: { name: string; server: RunningServer; token: string }[] = [];
  const load = fork(fileURLToPath(new URL('./http-load.ts', import.meta.url)));
  try {
    for (const [name, seconds] of [
      ['cache off (SESSION_CACHE_SECONDS=0)', '0'],
      ['cache on (SESSION_CACHE_SECONDS=3)', '3'],
    ] as const) {
      const server = await startServer({
        SMTP_URL: inbox.url,
        SESSION_CACHE_SECONDS: seconds,
        ...(database ? { DATABASE_URL: database } : {}),
      });
      const { token } = await createAccount(
        server,
        inbox,
        `bench-${seconds}-${Date.now()}@example.com`,
      );
      servers.push({ name, server, token });
    }
    const paths = Array.from({ length: REQUESTS }, () => CREDIT);
    let failed = 0;
    for (const { server, token } of servers) {
      failed += (
        await inChild(load, { kind: 'gets', base: server.url, paths, inFlight: IN_FLIGHT, token })
      ).failed;
    }
    const figures = new Map(
      servers.map((s) => [s, { rate: [] as number[], p99: [] as number[], cpu: [] as number[] }]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of inTurns(servers, round)) {
        const pid = s.server.process.pid as number;
        const cpuBefore = cpuMs(pid);
        const result = await inChild(load, {
          kind: 'gets',
          base: s.server.url,
          paths,
          inFlight: IN_FLIGHT,
          token: s.token,
        });
        failed += result.failed;
        const latencies = [...(result.latencies.get ?? [])].sort((a, b) => a - b);
        const f = figures.get(s)!;
        f.rate.push(latencies.length / (result.elapsedMs / 1000));
        f.p99.push(latencies[Math.ceil(0.99 * latencies.length) - 1] ?? NaN);
        f.cpu.push(((cpuMs(pid) - cpuBefore) * 1000) / latencies.length);
      }
    }
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    console.log(
      `\n## Signed-in read (${CREDIT}, bearer) on ${database ? 'PostgreSQL' : 'PGlite'}, ` +
        `${IN_FLIGHT} in flight, ${ROUNDS} rounds of ${REQUESTS}\n`,
    );
    const [off, on] = servers.map((s) => figures.get(s)!);
    for (const s of servers) {
      const f = figures.get(s)!;
      console.log(
        `${s.name}\n  per s ${list(f.rate)}; p99 ms ${list(f.p99)}; CPU µs per request ${list(f.cpu)}`,
      );
    }
    if (off && on) {
      const ratio = on.rate.map((r, i) => r / (off.rate[i] ?? NaN));
      const cpu = on.cpu.map((c, i) => (off.cpu[i] ?? NaN) / c);
      console.log(
        `cache on / off: rate ${ratio.map((x) => x.toFixed(2)).join(', ')} (median ${median(ratio).toFixed(2)}); ` +
          `CPU per request off / on ${cpu.map((x) => x.toFixed(2)).join(', ')} (median ${median(cpu).toFixed(2)})`,
      );
    }
    console.log(`failed answers: ${failed}`);
  } finally {
    load.kill();
    for (const { server } of servers) await server.stop();
    await inbox.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchSessionLookup();

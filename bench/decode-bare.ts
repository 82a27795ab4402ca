/**
 * The free decode over HTTP against a bare Fastify answering a canned answer of the same size:
 * the product's per-request overhead (hooks, logging, metrics, request ids, tracing) as a share
 * of what Fastify itself can do on this machine, in the same run with the same client.
 *
 * The product runs as `npm start` runs it (the compiled server with `npm start`'s Node flags,
 * LOG_LEVEL info with its log lines written to /dev/null, METRICS_TOKEN set, request ids on); two
 * more trace to a loopback OTLP/HTTP receiver, every request and one in ten (`BENCH_TRACING=0`
 * leaves them out). Every server is warmed, then they take turns, ROUNDS times, each asked
 * REQUESTS distinct VINs with IN_FLIGHT in flight from one autocannon process; the share is the
 * product's rate over the bare server's in the same round. The VINs are those of one Accord,
 * serial after serial, so after the first the configuration's pattern answer is kept, as for
 * any popular model; each product server then takes the same rounds of VINs that are each a new
 * configuration (the golden requests' 17-character VINs, one per WMI, more than the decoder
 * keeps: none is found kept), and the bench prints what the servers counted of both. The
 * untraced product runs twice: how far its two servers' shares lie apart is the run's noise.
 * `BENCH_CPU_PROF=1` writes CPU profiles of every server into the working
 * directory when it stops; `BENCH_BEFORE=<dir>[,<dir>...]` adds other compiled servers (their
 * dist directories, from the repository root), in the same variants, to the same rounds.
 */
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIN_LENGTH } from '@vr/contracts';
import { readGolden } from '../apps/server/test/support/decode-golden.ts';
import { seedVpicData } from '../apps/server/test/support/vpic-data.ts';
import { npmStartFlags } from '../e2e/support/npm-scripts.ts';
import { freePort } from '../e2e/support/server.ts';
import { accordVin } from '../e2e/support/vins.ts';
import type { LoadResult, LoadTask } from './http-load.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IN_FLIGHT = 16;
const WARM_UP = 20_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

interface Target {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A process's CPU time (user and system, all its threads) so far, in ms, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The targets in the order they take round `round`: each round starts one further along, so no
 * server holds one place (first after the bare server's load, say) in every round.
 */
export const inTurns = <T>(targets: readonly T[], round: number): T[] =>
  targets.map((_, i) => targets[(i + round) % targets.length] as T);

export const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

let nextVin = 0;
const decodePaths = (count: number) =>
  Array.from(
    { length: count },
    () => `/api/vehicles/DecodeVinValues/${accordVin(nextVin++)}?format=json`,
  );

/** VINs that are each a configuration of their own, from the golden requests. */
const configurationVins = readGolden()
  .map((g) => g.vin)
  .filter((vin) => vin.length === VIN_LENGTH && /^[A-Z0-9]+$/.test(vin));
let nextConfiguration = 0;
const configurationPaths = (count: number) =>
  Array.from({ length: count }, () => {
    const vin = configurationVins[nextConfiguration++ % configurationVins.length];
    return `/api/vehicles/DecodeVinValues/${vin}?format=json`;
  });

/** What a server counted of its decodes' configurations: kept and worked out. */
async function configurationCounts(url: string): Promise<string> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const count = (outcome: string) =>
    text.match(
      new RegExp(`^decode_configurations_total\\{outcome="${outcome}"\\} (\\d+)`, 'm'),
    )?.[1] ?? '0';
  return `kept ${count('kept')}, worked out ${count('worked_out')}`;
}

/**
 * A loopback OTLP/HTTP receiver that takes every export and keeps nothing; it answers "all
 * accepted" in the export's own encoding (an empty protobuf message, or `{}`).
 */
async function otlpSink(): Promise<{ url: string; spans: () => number; close(): Promise<void> }> {
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () =>
      req.headers['content-type'] === 'application/x-protobuf'
        ? res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()
        : res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => bytes,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

function stopper(child: ChildProcess, cleanup = () => {}): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup();
  };
}

async function startProduct(
  name: string,
  env: Record<string, string>,
  entry = 'apps/server/dist/server.js',
): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-bench-bare-'));
  await seedVpicData(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      ...npmStartFlags(),
      ...(process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', '--cpu-prof-dir=.'] : []),
      entry,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        METRICS_TOKEN,
        DECODE_RATE_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitFor(`${url}/api/api/ready`, child);
  return {
    name,
    url,
    pid: child.pid as number,
    stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })),
  };
}

async function startBare(canned: Buffer): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'vr-bench-bare-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, canned);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', '--cpu-prof-dir=.'] : []),
      '--import',
      'tsx',
      fileURLToPath(new URL('./decode-bare-server.ts', import.meta.url)),
      file,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((r) => child.stdout?.once('data', () => r()));
  const url = `http://127.0.0.1:${port}`;
  return {
    name: 'bare Fastify, canned answer',
    url,
    pid: child.pid as number,
    stop: stopper(child, () => rmSync(dir, { recursive: true })),
  };
}

export function inChild(child: ChildProcess, task: LoadTask): Promise<LoadResult> {
  return new Promise((resolveLoad, reject) => {
    const onExit = (code: number | null) => reject(new Error(`load process exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (result) => {
      child.off('exit', onExit);
      resolveLoad(result as LoadResult);
    });
    child.send(task);
  });
}

export async function benchDecodeBare(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const sink = await otlpSink();
  const targets: Target[] = [];
  const load = fork(fileURLToPath(new URL('./http-load.ts', import.meta.url)));
  try {
    // The same variants of every build: untraced, then (unless BENCH_TRACING=0) every request
    // traced, and one in ten with the standard sampler variables, as an operator would set them
    // on a busy instance.
    const variants: { label: string; env: Record<string, string> }[] = [
      { label: 'metrics, request ids, logs', env: {} },
    ];
    if (process.env.BENCH_TRACING !== '0') {
      variants.push(
        {
          label: 'tracing to a loopback OTLP receiver',
          env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url },
        },
        {
          label: 'tracing 1 request in 10 (OTEL_TRACES_SAMPLER)',
          env: {
            OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
            OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
            OTEL_TRACES_SAMPLER_ARG: '0.1',
          },
        },
      );
    }
    // Other builds of the server beside this one (a before and after in the same run), in the
    // same rounds: e.g. `npx tsc -p tsconfig.build.json --outDir dist-before` in
    // apps/server at the old commit, passed as apps/server/dist-before (from the repository root).
    for (const before of process.env.BENCH_BEFORE?.split(',').filter(Boolean) ?? []) {
      for (const { label, env } of variants) {
        targets.push(
          await startProduct(`build ${before} (${label})`, env, join(before, 'server.js')),
        );
      }
    }
    const products: Target[] = [];
    for (const { label, env } of variants) {
      products.push(await startProduct(`product (${label})`, env));
    }
    const product = products[0] as Target;
    // The untraced product once more: how far two servers of one build differ in this run is
    // the noise any other difference printed here has to stand out from.
    const twin = await startProduct(`product again (${variants[0]?.label})`, {});
    targets.push(...products, twin);
    const answer = await fetch(`${product.url}${decodePaths(1)[0]}`);
    const canned = Buffer.from(await answer.arrayBuffer());
    const bare = await startBare(canned);
    targets.push(bare);

    let failed = 0;
    const rates = new Map<Target, number[]>(targets.map((t) => [t, []]));
    const cpuUs = new Map<Target, number[]>(targets.map((t) => [t, []]));
    type Figures = { rates: Map<Target, number[]>; cpu: Map<Target, number[]> };
    // A warm-up's figures go nowhere.
    const warmUp: Figures = { rates: new Map(), cpu: new Map() };
    /** One load of `paths` on the target: its rate and CPU per request go `into` the lists. */
    const measure = async (target: Target, paths: string[], into = { rates, cpu: cpuUs }) => {
      const cpuBefore = cpuMs(target.pid);
      const result = await inChild(load, {
        kind: 'gets',
        base: target.url,
        paths,
        inFlight: IN_FLIGHT,
      });
      failed += result.failed;
      const answered = result.latencies.get?.length ?? 0;
      into.rates.get(target)?.push(answered / (result.elapsedMs / 1000));
      into.cpu.get(target)?.push(((cpuMs(target.pid) - cpuBefore) * 1000) / answered);
    };
    for (const target of targets) await measure(target, decodePaths(WARM_UP), warmUp);
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of inTurns(targets, round)) await measure(target, decodePaths(REQUESTS));
    }
    // The same rounds for the product servers, every VIN a configuration none has kept.
    const servers = targets.filter((t) => t !== bare);
    const spread: Figures = {
      rates: new Map(servers.map((t) => [t, []])),
      cpu: new Map(servers.map((t) => [t, []])),
    };
    for (const target of servers) {
      await measure(target, configurationPaths(configurationVins.length), warmUp);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of inTurns(servers, round)) {
        await measure(target, configurationPaths(REQUESTS), spread);
      }
    }
    const counted = new Map<Target, string>();
    for (const target of servers) counted.set(target, await configurationCounts(target.url));
    const bareRates = rates.get(bare) ?? [];
    const bareCpu = cpuUs.get(bare) ?? [];
    const shareOf = (target: Target) =>
      (rates.get(target) ?? []).map((r, i) => r / (bareRates[i] ?? NaN));
    const list = (xs: number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(', ');
    console.log(
      `\n## Decode over HTTP against a bare Fastify (${canned.length}-byte answer, ` +
        `${IN_FLIGHT} in flight, ${ROUNDS} rounds of ${REQUESTS})\n\n` +
        "Per round: requests/s; share of the bare rate in the same round; the server's CPU time\n" +
        "per request (all its threads); the bare server's CPU per request over this one's.\n",
    );
    for (const target of targets) {
      const own = rates.get(target) ?? [];
      const cpu = cpuUs.get(target) ?? [];
      const shares = shareOf(target);
      const cpuShares = cpu.map((c, i) => (bareCpu[i] ?? NaN) / c);
      console.log(
        `${target.name}\n  per s ${list(own)}` +
          (target === bare
            ? ''
            : `; share ${list(shares, 2)} (median ${median(shares).toFixed(2)})`) +
          `\n  CPU µs per request ${list(cpu)}` +
          (target === bare
            ? ''
            : `; CPU share ${list(cpuShares, 2)} (median ${median(cpuShares).toFixed(2)})` +
              `\n  a new configuration every VIN: per s ${list(spread.rates.get(target) ?? [])}` +
              `; CPU µs per request ${list(spread.cpu.get(target) ?? [])}` +
              `\n  configurations: ${counted.get(target)}`),
      );
    }
    const twinShares = shareOf(twin);
    const apart = shareOf(product).map((share, i) => Math.abs(share - (twinShares[i] ?? NaN)));
    console.log(
      `the same build twice: shares apart by ${list(apart, 2)} ` +
        `(median ${median(apart).toFixed(2)}); a difference between builds smaller than that is noise`,
    );
    console.log(
      `failed answers: ${failed}; load average ${loadBefore.toFixed(1)} -> ` +
        `${(loadavg()[0] ?? 0).toFixed(1)}; OTLP bytes received: ${sink.spans()}`,
    );
  } finally {
    load.kill();
    for (const target of targets) await target.stop();
    await sink.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchDecodeBare();

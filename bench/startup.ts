import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmStartFlags } from '../e2e/support/npm-scripts.ts';
import { freePort } from '../e2e/support/server.ts';
import { seedVpicData } from '../apps/server/test/support/vpic-data.ts';

/** A line of startup-stages.mjs. */
interface Stage {
  step: string;
  rssMb: number;
  heapMb: number;
  externalMb: number;
}

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const IDLE_SECONDS = Number(process.env.STARTUP_IDLE_SECONDS ?? 8);
/** V8 gives back the young generation's start-up pages once the process has been idle a while. */
const SETTLED_SECONDS = Number(process.env.STARTUP_SETTLED_SECONDS ?? 30);
const METRICS_TOKEN = 'startup-bench-metrics-token';
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

interface Start {
  healthyS: number;
  readyS: number;
  /** CPU seconds the process spent until ready: the figure a busy machine stretches least. */
  cpuUntilReadyS: number;
  idleRssMb: number;
  settledRssMb: number;
  /** The main thread's JavaScript heap (V8's total, used and free). */
  heapMb: number;
  /** Memory V8 knows about outside the heap: PGlite's WebAssembly memory, the index's rows. */
  externalMb: number;
  /** Resident pages mapped from files: Node's own code and the libraries it maps. */
  fileMb: number;
  threads: number;
  /** After one sample report: the render thread is up, with the PDF libraries loaded. */
  afterReportRssMb?: number;
  /** The first sample report waits for a render thread to start (the process keeps the PDF). */
  firstReportS?: number;
}

/** Seconds until the whole sample report PDF has arrived. */
async function sampleReport(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/api/sample-report`);
  if (!res.ok) throw new Error(`sample report answered ${res.status}`);
  await res.arrayBuffer();
  return (performance.now() - started) / 1000;
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

function residentKb(pid: number): { rss: number; file: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), file: kb('RssFile'), threads: kb('Threads') };
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1];
  if (value === undefined) throw new Error(`no ${name} in /metrics`);
  return Number(value);
}

function startProcess(root: string, dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, [...npmStartFlags(root), 'apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
    },
    stdio: 'ignore',
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** One start of the server of `root` on `dataDir`, timed from the spawn, then idle memory. */
async function measureStart(root: string, dataDir: string, withReport: boolean): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = startProcess(root, dataDir, port);
  try {
    let healthyS: number | undefined;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server of ${root} exited`);
      const seconds = (performance.now() - started) / 1000;
      if (healthyS === undefined && (await answers(`${url}/api/api/health`))) healthyS = seconds;
      if (healthyS !== undefined && (await answers(`${url}/api/api/ready`))) {
        const readyS = (performance.now() - started) / 1000;
        const cpuUntilReadyS = cpuSeconds(child.pid!);
        await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
        const idleRssMb = Math.round(residentKb(child.pid!).rss / 1024);
        await new Promise((r) => setTimeout(r, (SETTLED_SECONDS - IDLE_SECONDS) * 1000));
        const { rss, file, threads } = residentKb(child.pid!);
        const start: Start = {
          healthyS,
          readyS,
          cpuUntilReadyS,
          idleRssMb,
          settledRssMb: Math.round(rss / 1024),
          heapMb: Math.round((await metric(url, 'nodejs_heap_size_total_bytes')) / 1048576),
          externalMb: Math.round((await metric(url, 'nodejs_external_memory_bytes')) / 1048576),
          fileMb: Math.round(file / 1024),
          threads,
        };
        if (withReport) {
          start.firstReportS = await sampleReport(url);
          start.afterReportRssMb = Math.round(residentKb(child.pid!).rss / 1024);
        }
        return start;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await stop(child);
  }
}

/** Where memory goes, step by step, in one process loading what the server loads. */
function stages(root: string, dataDir: string): Promise<Stage[]> {
  return new Promise((resolveStages, reject) => {
    const args = [...npmStartFlags(root), join(HERE, 'startup-stages.mjs'), root, dataDir];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, STARTUP_IDLE_SECONDS: String(IDLE_SECONDS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolveStages(
            out
              .split('\n')
              .filter((line) => line.startsWith('{"step"'))
              .map((line) => JSON.parse(line) as Stage),
          )
        : reject(new Error(`startup-stages exited ${code}`)),
    );
  });
}

/** A DATA_DIR after a first start: the vPIC data and index in place, PGlite created and migrated. */
async function preparedDataDir(root: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-bench-startup-'));
  await seedVpicData(dataDir);
  await measureStart(root, dataDir, false);
  return dataDir;
}

const range = (xs: number[], digits = 0) => {
  const f = (x: number) => x.toFixed(digits);
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length > 1 ? `${f(sorted[0]!)}–${f(sorted.at(-1)!)}` : f(sorted[0] ?? NaN);
};

/**
 * Issue 24's start-up aims: a second start healthy within 3 s and idle memory well under 693 MB.
 * Each build (this checkout, and STARTUP_BASELINE_ROOT when set: another checkout with its own
 * `npm run build`) starts RUNS times on a DATA_DIR of its own that has had its first start,
 * interleaved. Times are from spawning the compiled server to the first 200 of
 * /api/api/health and /api/api/ready, the server started as the checkout's `npm start` starts
 * it; memory is read IDLE_SECONDS and SETTLED_SECONDS after ready. The last run of
 * each also asks for one sample report, which starts a render thread. Then one process loads
 * the server's parts in turn and says what each added.
 */
export async function benchStartup(): Promise<void> {
  const builds = [{ name: 'this build', root: ROOT }];
  const baseline = process.env.STARTUP_BASELINE_ROOT;
  if (baseline) builds.unshift({ name: 'baseline', root: resolve(baseline) });
  const loadBefore = loadavg()[0] ?? 0;
  const dataDirs = new Map<string, string>();
  const results = new Map<string, Start[]>();
  try {
    for (const build of builds) {
      dataDirs.set(build.name, await preparedDataDir(build.root));
      results.set(build.name, []);
    }
    for (let run = 0; run < RUNS; run++) {
      for (const build of builds) {
        const start = await measureStart(build.root, dataDirs.get(build.name)!, run === RUNS - 1);
        results.get(build.name)!.push(start);
      }
    }
    console.log(
      `\nStart-up, second start (${RUNS} runs each, interleaved; 1-min load ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${
        (await import('node:os')).cpus().length
      } cores; memory ${IDLE_SECONDS} s and ${SETTLED_SECONDS} s after ready, heap and the rest at ${SETTLED_SECONDS} s)`,
    );
    console.table(
      builds.map(({ name }) => {
        const starts = results.get(name)!;
        const of = (pick: (s: Start) => number, digits = 0) => range(starts.map(pick), digits);
        return {
          build: name,
          'healthy s': of((s) => s.healthyS, 2),
          'ready s': of((s) => s.readyS, 2),
          'CPU s until ready': of((s) => s.cpuUntilReadyS, 2),
          [`RSS MB at ${IDLE_SECONDS} s`]: of((s) => s.idleRssMb),
          [`RSS MB at ${SETTLED_SECONDS} s`]: of((s) => s.settledRssMb),
          'JS heap MB': of((s) => s.heapMb),
          'external MB': of((s) => s.externalMb),
          'file-backed MB': of((s) => s.fileMb),
          threads: of((s) => s.threads),
          'RSS after a report MB': starts.at(-1)?.afterReportRssMb ?? '',
          'first report s': starts.at(-1)?.firstReportS?.toFixed(2) ?? '',
        };
      }),
    );
    for (const build of builds) {
      const steps = await stages(build.root, dataDirs.get(build.name)!);
      console.log(`\nWhere the memory goes (${build.name}: one process, step by step)`);
      console.table(
        steps.map((s, i) => ({
          step: s.step,
          'RSS MB': s.rssMb,
          'added MB': i === 0 ? '' : s.rssMb - steps[i - 1]!.rssMb,
          'JS heap used MB': s.heapMb,
          'external MB': s.externalMb,
        })),
      );
    }
  } finally {
    for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchStartup();

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { COMPILED_CLI, COMPILED_SERVER } from '../../apps/server/test/support/compiled.ts';
import { seedVpicData } from '../../apps/server/test/support/vpic-data.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** Stops the server; a temporary DATA_DIR is deleted unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

let migratedPglite: Promise<string> | undefined;

/**
 * An embedded database the operator's CLI created and migrated (`migrate`), made once per
 * process and removed when it exits: a server started on a copy boots in about half the time
 * of one that creates its own (initdb and every migration).
 */
function migratedPgliteDir(): Promise<string> {
  migratedPglite ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vr-e2e-migrated-'));
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    await promisify(execFile)(process.execPath, [...COMPILED_CLI, 'migrate'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return join(dataDir, 'pglite');
  })();
  return migratedPglite;
}

/**
 * Starts the real server (the compiled entry `npm start` runs, against the built web app; the
 * suite's `test:e2e` builds both when older than their sources) on a free port with a temporary
 * DATA_DIR, and waits until it answers ready.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vr-e2e-'));
  // A fresh DATA_DIR gets the decode index compiled once for all, instead of compiling its own,
  // and (for the embedded database) a migrated database.
  if (!env.DATA_DIR) {
    await seedVpicData(dataDir);
    if (!env.DATABASE_URL)
      cpSync(await migratedPgliteDir(), join(dataDir, 'pglite'), { recursive: true });
  }
  const child = spawn(process.execPath, COMPILED_SERVER, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      // A ROLE=worker process answers its health check there instead.
      WORKER_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) {
    // Not left running behind a failed suite (it would hold its port and a core).
    child.kill('SIGKILL');
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`server did not become ready:\n${log}`);
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    stop: async (options = {}) => {
      // A process killed by a signal has a signalCode and no exitCode.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODE_BATCH_MAX } from '@vr/contracts';
import { DatabaseInUseError } from '../src/db/pglite-lock.ts';
import { COMPILED_CLI, COMPILED_SERVER, SERVER_DIR } from './support/compiled.ts';
import { freePort, waitReady } from './support/server-process.ts';
import { seedVpicData } from './support/vpic-data.ts';
import { PASSWORD } from './auth-support.ts';
import { distinctVin } from './support/vins.ts';

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, COMPILED_SERVER, {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

/** The operator's CLI entry, run as `npm run cli` runs it. */
function cli(args: string[], dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      [...COMPILED_CLI, ...args],
      { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (err, _stdout, stderr) =>
        resolveRun({ code: err ? ((err as { code?: number }).code ?? null) : 0, stderr }),
    );
  });
}

describe('server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-lifecycle-'));
  beforeAll(() => seedVpicData(dataDir));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops the boot with one line naming a bad variable', async () => {
    const proc = run({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await proc.exited).toBe(1);
    const lines = proc.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid PORT: /);
  });

  it('finishes in-flight requests on SIGTERM, and PGlite data survives a restart', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(url, first.child, first.output);

    // The server answers 100 Continue as it takes the request in, so the signal follows the
    // request's arrival, and the body follows the signal; the connection, kept alive by the
    // client, must not hold the shutdown past its grace.
    const vins = Array.from({ length: DECODE_BATCH_MAX }, distinctVin);
    const res = await postAfterContinue(
      `${url}/api/vehicles/DecodeVINValuesBatch/`,
      `format=json&DATA=${vins.join(';')}`,
      () => first.child.kill('SIGTERM'),
    );
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body) as { Results: unknown[] };
    expect(body.Results).toHaveLength(vins.length);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutdown complete');

    // An operator edits the catalog while the server is down; the next boot must see it.
    const client = await PGlite.create(join(dataDir, 'pglite'));
    await client.query(
      `update credit_packages set description = 'Single report' where id = 'credits_1'`,
    );
    await client.close();

    const second = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(url, second.child, second.output);
    const catalog = (await (
      await fetch(`${url}/api/api/stripe-credit/credit-packages`)
    ).json()) as {
      packages: { description: string }[];
    };
    expect(catalog.packages[0]?.description).toBe('Single report');
    expect(catalog.packages).toHaveLength(6);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('keeps a second process off the embedded database; the CLI runs in the server meanwhile', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(url, server.child, server.output);

    const second = run({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().trim().split('\n')).toEqual([
      new DatabaseInUseError(join(dataDir, 'pglite')).message,
    ]);
    // The CLI reaches the running server (DATA_DIR/control.sock) instead of the locked files.
    const beside = await cli(['set-role', 'nobody@example.com', 'ADMIN'], dataDir);
    expect(beside.code).toBe(1);
    expect(beside.stderr.trim()).toBe('No account with e-mail nobody@example.com.');
    expect((await fetch(`${url}/api/api/health`)).ok).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const after = await cli(['set-role', 'nobody@example.com', 'ADMIN'], dataDir);
    expect(after.stderr.trim()).toBe('No account with e-mail nobody@example.com.');
  }, 180_000);
});

/**
 * Posts a form with `Expect: 100-continue`: `onContinue` runs once the server has taken the
 * request in, and the body is sent after it.
 */
function postAfterContinue(
  url: string,
  form: string,
  onContinue: () => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolvePost, rejectPost) => {
    const req = request(url, {
      method: 'POST',
      agent: new Agent({ keepAlive: true }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(form),
        expect: '100-continue',
      },
    });
    req.once('continue', () => {
      onContinue();
      req.end(form);
    });
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolvePost({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', rejectPost);
    req.flushHeaders();
  });
}

/** Every path under `dir` whose mode lets group or other users in. */
function openToOthers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(dir, entry))
    .concat(dir)
    .filter((path) => (statSync(path).mode & 0o077) !== 0)
    .map((path) => `${path} ${(statSync(path).mode & 0o777).toString(8)}`);
}

describe('DATA_DIR', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'vr-private-')), 'data');
  afterAll(() => rmSync(dirname(dataDir), { recursive: true, force: true }));

  it("is closed to other local users: the directory 0700, everything in it its owner's alone", async () => {
    // Left readable by an earlier version: the boot tightens it.
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(url, server.child, server.output);
    // A sign-up writes a session-bearing row and a code to PGlite's WAL, where the audit found them.
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'owner@example.com', password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await cli(['set-role', 'owner@example.com', 'ADMIN'], dataDir);

    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir).sort()).toEqual(
      expect.arrayContaining(['auth-secret', 'pglite', 'tmp', 'vpic']),
    );
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);
});

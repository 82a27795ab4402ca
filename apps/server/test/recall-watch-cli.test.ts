import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { createVerifiedUser } from './auth-support.ts';
import { createTestApp } from './support/app.ts';
import { COMPILED_CLI, COMPILED_SERVER, SERVER_DIR } from './support/compiled.ts';
import { api } from './support/requests.ts';
import { freePort, waitReady } from './support/server-process.ts';
import { seedVpicData } from './support/vpic-data.ts';

interface Run {
  code: number;
  out: string[];
  err: string[];
}

/** The operator's CLI, run as `npm run cli` runs it, on the embedded database of `dataDir`. */
function cli(args: string[], dataDir: string): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [...COMPILED_CLI, ...args],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
        timeout: 120_000,
      },
      (err, stdout, stderr) => {
        const lines = (text: string) =>
          text.split('\n').filter((line) => line !== '' && !/^\((node:\d+|Use `node)/.test(line));
        const code = err ? Number((err as { code?: number }).code ?? 1) : 0;
        done({ code, out: lines(stdout), err: lines(stderr) });
      },
    );
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'vr-recalls-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run cli -- recalls, on the embedded database (sandbox recalls)', () => {
  const dataDir = join(scratch, 'data');

  beforeAll(async () => {
    // A customer whose report of the 2003 Accord was generated with the sandbox's recalls.
    const t = await createTestApp(
      { name: 'pglite', open: () => openDatabase({ dataDir }) },
      { env: { DATA_DIR: dataDir }, slaJob: false, reportJob: true },
    );
    try {
      const user = await createVerifiedUser(t.app, t.database.db);
      await adjustTo(t.database.db, { userId: user.userId, newBalance: 1, actorId: 'test' });
      const order = await api(t.app, 'POST', '/api/api/report-orders', user.token, {
        vin: '1HGCM82633A004352',
      });
      expect(order.statusCode).toBe(201);
      await t.jobs.drain();
    } finally {
      await t.close();
    }
  }, 180_000);

  it('watch-now runs a pass with no server; bad usage exits 2', async () => {
    // The first pass records what the report showed: nothing to tell.
    // (The CLI's log lines go to stderr.)
    expect(await cli(['recalls', 'watch-now'], dataDir)).toMatchObject({
      code: 0,
      out: [
        'Recall watch pass done: 1 vehicle checked, 2 provider calls, 0 new campaigns, 0 alert mails queued.',
      ],
    });
    expect((await cli(['recalls', 'publish-sample', 'honda'], dataDir)).code).toBe(2);
    expect((await cli(['recalls', 'publish-sample', 'honda', 'accord', 'old'], dataDir)).code).toBe(
      2,
    );
    expect((await cli(['recalls'], dataDir)).code).toBe(2);
  }, 120_000);

  describe('while a server runs on the DATA_DIR', () => {
    let server: ChildProcess;
    let served = '';

    beforeAll(async () => {
      await seedVpicData(dataDir);
      const port = await freePort();
      server = spawn(process.execPath, COMPILED_SERVER, {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          DATABASE_URL: '',
          LOG_LEVEL: 'info',
          DATA_DIR: dataDir,
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (d: Buffer) => (served += d.toString()));
      server.stderr?.on('data', (d: Buffer) => (served += d.toString()));
      await waitReady(`http://127.0.0.1:${port}`, server, () => served);
    }, 180_000);

    afterAll(async () => {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    });

    it('publish-sample makes the sandbox list a new campaign that watch-now mails, once', async () => {
      const published = await cli(
        ['recalls', 'publish-sample', 'honda', 'accord', '2003', '--park-it'],
        dataDir,
      );
      expect(published.code).toBe(0);
      expect(published.out[0]).toMatch(
        /^SANDBOX SAMPLE campaign \d{2}V98\d{4} published for the 2003 HONDA ACCORD: /,
      );
      expect(await cli(['recalls', 'watch-now'], dataDir)).toMatchObject({
        code: 0,
        out: [
          'Recall watch pass done: 1 vehicle checked, 2 provider calls, 1 new campaign, 1 alert mail queued.',
        ],
      });
      expect((await cli(['recalls', 'watch-now'], dataDir)).out).toEqual([
        'Recall watch pass done: 1 vehicle checked, 2 provider calls, 0 new campaigns, 0 alert mails queued.',
      ]);
    }, 120_000);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FILE_MESSAGES } from '../src/modules/reports/report-pdf.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import { CLI_USAGE, runCli } from '../src/modules/users/users.cli.ts';
import { createVerifiedUser, freshEmail } from './auth-support.ts';
import { get } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { hostilePdfs } from './support/pdf.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

describe.each(testDatabases())('npm run cli -- set-role on $name', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    let opened = false;
    const code = await runCli(argv, {
      // The test's database, left open for the app.
      openServices: async () => {
        opened = true;
        return {
          users: createUsersService({ db: t.database.db, adminEmails: [] }),
          reports: { attachReportCompleteOrderAndMailCustomer: () => Promise.reject(new Error()) },
          close: async () => {},
        };
      },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out, err, opened };
  }

  it('changes the role of an account by e-mail, with immediate effect', async () => {
    const { email, token } = await createVerifiedUser(t.app, t.database.db);
    const promote = await cli('set-role', ` ${email.toUpperCase()} `, 'admin');
    expect(promote).toMatchObject({ code: 0, out: [`${email} is now ADMIN.`], err: [] });
    expect((await get(t.app, '/api/api/user/me', { token })).json().role).toBe('ADMIN');
    expect((await get(t.app, '/api/api/admin/users', { token })).statusCode).toBe(200);

    expect((await cli('set-role', email, 'USER')).code).toBe(0);
    expect((await get(t.app, '/api/api/admin/users', { token })).statusCode).toBe(403);
  });

  it('exits non-zero with one line on bad input or an unknown e-mail', async () => {
    const unknown = freshEmail('nobody');
    expect(await cli('set-role', unknown, 'ADMIN')).toMatchObject({
      code: 1,
      out: [],
      err: [`No account with e-mail ${unknown}.`],
    });
    const usage: [string[], string][] = [
      [[], CLI_USAGE],
      [['promote', 'a@b.co'], `Unknown command 'promote'. ${CLI_USAGE}`],
      [['set-role', 'a@b.co'], CLI_USAGE],
      [['set-role', 'a@b.co', 'ADMIN', 'extra'], CLI_USAGE],
      [
        ['set-role', 'not-an-email', 'ADMIN'],
        `Invalid e-mail address 'not-an-email'. ${CLI_USAGE}`,
      ],
      [['set-role', 'a@b.co', 'ROOT'], `Role must be ADMIN or USER, not 'ROOT'. ${CLI_USAGE}`],
    ];
    for (const [argv, message] of usage) {
      const result = await cli(...argv);
      expect(result, argv.join(' ')).toMatchObject({ code: 2, out: [], err: [message] });
      expect(result.opened).toBe(false);
    }
  });
});

describe('the cli entry point', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'vr-cli-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (args: string[]) =>
    spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('opens the configured database and exits 1 for an unknown e-mail', () => {
    const result = run(['set-role', 'nobody@example.com', 'ADMIN']);
    expect(result.status).toBe(1);
    expect(
      result.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toEqual(['No account with e-mail nobody@example.com.']);
  });

  it('attach-report refuses a PDF with JavaScript, saying why', async () => {
    const script = join(dataDir, 'script.pdf');
    writeFileSync(script, await hostilePdfs.openActionJavaScript());
    // The file is checked before the order is looked up, so no order is needed.
    const refused = run(['attach-report', 'order-1', script]);
    expect(refused.status).toBe(1);
    expect(
      refused.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toEqual([
      `Cannot attach the report to order order-1: ${REPORT_FILE_MESSAGES.activeContent('javascript')}`,
    ]);
  });

  it('exits 2 with the usage on bad input', () => {
    const result = run(['set-role', 'nobody@example.com']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(CLI_USAGE);
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../src/adapters/mail/outbox-mailer.ts';
import { ConfigError, parseConfig } from '../src/config.ts';
import { trustedOrigins } from '../src/modules/auth/better-auth.ts';
import {
  AUTH_SECRET_FILE,
  loadAuthSecret,
  resolveAuthSecret,
} from '../src/modules/auth/auth-secret.ts';
import { createVerifiedUser, sessionCookie, signIn } from './auth-support.ts';
import { post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe('the auth secret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'vr-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is generated once into DATA_DIR/auth-secret, readable by the owner only, and reused', () => {
    const dir = join(tempDir(), 'data');
    const first = loadAuthSecret({ DATA_DIR: dir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const path = join(dir, AUTH_SECRET_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim()).toBe(first);
    expect(loadAuthSecret({ DATA_DIR: dir })).toBe(first);
  });

  it('comes from AUTH_SECRET when set, without touching DATA_DIR', () => {
    const dir = tempDir();
    const secret = 's'.repeat(40);
    expect(loadAuthSecret({ DATA_DIR: dir, AUTH_SECRET: secret })).toBe(secret);
    expect(() => statSync(join(dir, AUTH_SECRET_FILE))).toThrow();
  });

  it('is the same secret in processes that start at once on an empty DATA_DIR', async () => {
    const dir = join(tempDir(), 'data');
    const module = fileURLToPath(new URL('../src/modules/auth/auth-secret.ts', import.meta.url));
    const script =
      `const { loadAuthSecret } = await import(${JSON.stringify(module)});` +
      `process.stdout.write(loadAuthSecret({ DATA_DIR: ${JSON.stringify(dir)} }));`;
    const run = promisify(execFile);
    const secrets = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(process.execPath, [
          '--conditions=vr-source',
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          script,
        ]),
      ),
    );
    const seen = new Set(secrets.map(({ stdout }) => stdout));
    expect(seen.size).toBe(1);
    expect([...seen][0]).toBe(readFileSync(join(dir, AUTH_SECRET_FILE), 'utf8').trim());
    expect(readdirSync(dir)).toEqual([AUTH_SECRET_FILE]);
  });

  it('refuses a damaged secret file instead of replacing it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, AUTH_SECRET_FILE), 'short\n');
    expect(() => loadAuthSecret({ DATA_DIR: dir })).toThrow(/auth-secret is empty or too short/);
  });
});

describe.each(testDatabases().filter((db) => db.name === 'postgres'))(
  'the auth secret of instances sharing $name',
  (db) => {
    it('is one secret kept in the database, whatever DATA_DIR each instance has', async () => {
      const database = await db.open();
      const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'vr-secret-')));
      try {
        const earlier = 'e'.repeat(43);
        writeFileSync(join(dirs[0]!, AUTH_SECRET_FILE), `${earlier}\n`);
        // The first instance upgraded keeps the sessions of the secret its DATA_DIR held.
        expect(await resolveAuthSecret({ DATA_DIR: dirs[0]! }, database)).toBe(earlier);
        const others = await Promise.all(
          dirs.slice(1).map((dir) => resolveAuthSecret({ DATA_DIR: dir }, database)),
        );
        expect(others).toEqual([earlier, earlier]);
        expect(() => statSync(join(dirs[2]!, AUTH_SECRET_FILE))).toThrow();
      } finally {
        await database.close();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    });

    it('is generated once when instances without one start together', async () => {
      const database = await db.open();
      const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'vr-secret-')));
      try {
        const secrets = await Promise.all(
          dirs.map((dir) => resolveAuthSecret({ DATA_DIR: dir }, database)),
        );
        expect(new Set(secrets).size).toBe(1);
        expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
      } finally {
        await database.close();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);

describe('auth configuration', () => {
  it('has session defaults and rejects bad values with one line', () => {
    const config = parseConfig({});
    expect([config.SESSION_IDLE_DAYS, config.SESSION_MAX_DAYS]).toEqual([7, 30]);
    expect(config.AUTH_SECRET).toBeUndefined();
    const bad: [Record<string, string>, RegExp][] = [
      [{ AUTH_SECRET: 'too-short' }, /^Invalid AUTH_SECRET: must be at least 32 characters$/],
      [{ SESSION_IDLE_DAYS: '0' }, /^Invalid SESSION_IDLE_DAYS/],
      [{ SESSION_MAX_DAYS: 'soon' }, /^Invalid SESSION_MAX_DAYS/],
      [
        { SESSION_IDLE_DAYS: '10', SESSION_MAX_DAYS: '5' },
        /^Invalid SESSION_MAX_DAYS: must not be shorter than SESSION_IDLE_DAYS$/,
      ],
    ];
    for (const [env, message] of bad) {
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(message);
    }
  });
});

describe('trusted origins', () => {
  it("are PUBLIC_URL's, plus the loopback spellings and web dev servers on loopback", () => {
    expect(trustedOrigins('https://records.example/app')).toEqual(['https://records.example']);
    expect(trustedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://localhost:5173',
      'http://localhost:4173',
      'http://127.0.0.1:3000',
      'http://127.0.0.1:5173',
      'http://127.0.0.1:4173',
    ]);
  });
});

describe.each(testDatabases())('cookies behind https on $name', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    // An https deployment needs a mail relay (none listens here); the outbox stands in for it so
    // the test reads the codes. Its sandbox payments are the test's own, deliberately.
    t = await createTestApp(db, {
      env: {
        PUBLIC_URL: 'https://records.example',
        SMTP_URL: 'smtp://127.0.0.1:1',
        ALLOW_SANDBOX_PAYMENTS: 'true',
      },
      mailer: (database) => createOutboxMailer(database.db, { info: () => undefined }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const { email } = await createVerifiedUser(t.app, t.database.db);
    const session = await signIn(t.app, email);
    expect(session.cookie).toMatch(/^__Secure-vr\.session_token=/);
    const res = await post(t.app, '/api/auth/sign-in/email', { email, password: 'Str0ng!pass' });
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    const refresh = await post(t.app, '/api/api/auth/refresh', undefined, {
      cookie: sessionCookie(res),
      origin: t.config.PUBLIC_URL,
    });
    expect(refresh.statusCode).toBe(200);
  });
});

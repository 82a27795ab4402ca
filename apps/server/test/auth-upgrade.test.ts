import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { hashPassword } from 'better-auth/crypto';
import { inArray, like } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { authAccounts, authUsers, authVerifications } from '../src/db/schema.ts';
import { OTHER_PASSWORD, PASSWORD, freshEmail, lastCode } from './auth-support.ts';
import { post } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import type { TestDatabase } from './support/databases.ts';

/*
 * Versions before pending registrations created the account, unverified, at sign-up. Such a
 * database is upgraded here (docs/decisions/0010-pending-registrations.md): the unverified
 * accounts of the last 24 hours become sign-ups waiting for a code, the others go.
 */

const HOUR = 60 * 60 * 1000;
const UPGRADE = '0011_pending_registrations';

/** The migrations an earlier version had: all up to the upgrade's. */
function earlierMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vr-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const upgrade = journal.entries.findIndex((entry) => entry.tag === UPGRADE);
  journal.entries = journal.entries.slice(0, upgrade);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

interface EarlierDatabase {
  name: TestDatabase['name'];
  /** Opens the earlier version's database, lets `fill` write to it, then opens it as this version. */
  upgrade(fill: (db: Db) => Promise<void>): Promise<Database>;
}

function earlierDatabases(migrations: string): EarlierDatabase[] {
  const list: EarlierDatabase[] = [
    {
      name: 'pglite',
      async upgrade(fill) {
        const dataDir = mkdtempSync(join(tmpdir(), 'vr-upgrade-'));
        const client = await PGlite.create(join(dataDir, 'pglite'));
        const db = drizzlePglite(client, { schema });
        await migratePglite(db, { migrationsFolder: migrations });
        await fill(db);
        await client.close();
        const database = await openDatabase({ dataDir });
        return {
          ...database,
          close: async () => {
            await database.close();
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    list.push({
      name: 'postgres',
      async upgrade(fill) {
        const name = `vr_upgrade_${process.pid}_${Date.now()}`;
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE "${name}"`);
        await admin.end();
        const url = new URL(baseUrl);
        url.pathname = `/${name}`;
        const pool = new pg.Pool({ connectionString: url.toString() });
        const db = drizzlePg(pool, { schema });
        await migratePg(db, { migrationsFolder: migrations });
        await fill(db as unknown as Db);
        await pool.end();
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
        return {
          ...database,
          close: async () => {
            await database.close();
            const dropper = new pg.Client({ connectionString: baseUrl });
            await dropper.connect();
            await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
            await dropper.end();
          },
        };
      },
    });
  }
  return list;
}

const migrations = earlierMigrations();
afterAll(() => rmSync(migrations, { recursive: true, force: true }));

describe.each(earlierDatabases(migrations))('upgrading $name', (earlier) => {
  const recent = freshEmail('legacy');
  const stale = freshEmail('legacy-stale');
  let t: TestApp;
  beforeAll(async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const database = await earlier.upgrade(async (db) => {
      const now = Date.now();
      for (const [email, age] of [
        [recent, HOUR],
        [stale, 48 * HOUR],
      ] as const) {
        const createdAt = new Date(now - age);
        const id = `legacy-${email}`;
        await db.insert(authUsers).values({
          id,
          name: 'Ada Lovelace',
          email,
          emailVerified: false,
          createdAt,
          updatedAt: createdAt,
        });
        await db.insert(authAccounts).values({
          id: `${id}-credential`,
          accountId: id,
          providerId: 'credential',
          userId: id,
          password: passwordHash,
        });
        await db.insert(authVerifications).values({
          id: `${id}-code`,
          identifier: `email-verification-otp-${email}`,
          value: 'hashed-code:0',
          expiresAt: new Date(now + HOUR),
        });
      }
    });
    t = await createTestApp({ name: earlier.name, open: async () => database });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps no unverified account, and no code of one', async () => {
    const db = t.database.db;
    expect(
      await db
        .select()
        .from(authUsers)
        .where(inArray(authUsers.email, [recent, stale])),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(authVerifications)
        .where(like(authVerifications.identifier, 'email-verification-otp-%')),
    ).toEqual([]);
  });

  it('turns a recent unverified account into a sign-up verified by a new code and its password', async () => {
    const signIn = await post(t.app, '/api/auth/sign-in/email', {
      email: recent,
      password: PASSWORD,
    });
    expect(signIn.json().code).toBe('EMAIL_NOT_VERIFIED');
    const resend = await post(t.app, '/api/auth/email-otp/send-verification-otp', {
      email: recent,
      password: PASSWORD,
    });
    expect(resend.statusCode).toBe(200);
    const otp = await lastCode(t.database.db, recent);
    const verify = await post(t.app, '/api/auth/email-otp/verify-email', {
      email: recent,
      otp,
      password: PASSWORD,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ email: recent, firstName: 'Ada' });
  });

  it('frees the address of an unverified account older than a day', async () => {
    const signIn = await post(t.app, '/api/auth/sign-in/email', {
      email: stale,
      password: PASSWORD,
    });
    expect(signIn.json().code).toBe('INVALID_CREDENTIALS');
    const signUp = await post(t.app, '/api/auth/sign-up/email', {
      email: stale,
      password: OTHER_PASSWORD,
    });
    expect(signUp.statusCode).toBe(200);
  });
});

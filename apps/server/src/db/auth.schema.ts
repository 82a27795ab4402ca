import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/*
 * better-auth's tables (user, session, account, verification, rateLimit). The property names are
 * better-auth's field names, which its drizzle adapter looks up; the tables and columns follow our
 * naming. `given_name` and `family_name` are our additional user fields.
 */

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Always stored trimmed and lower-cased. */
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  givenName: text('given_name'),
  familyName: text('family_name'),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    /** Idle expiry: pushed forward when the session is refreshed. */
    expiresAt: timestamp('expires_at', tz).notNull(),
    token: text('token').notNull().unique(),
    /** Start of the session: the absolute expiry counts from here. */
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', tz),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', tz),
    scope: text('scope'),
    /** The library's password hash; never leaves the auth code. */
    password: text('password'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

/** One-time codes (stored hashed) with their wrong-attempt count. */
export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/**
 * Sign-ups waiting for their code (docs/decisions/0010-pending-registrations.md): each its own
 * row, password hash (better-auth's hasher) and code, so a code verifies only the sign-up it
 * was mailed for and only with that sign-up's password. The account (`auth_users` and its
 * credential) is created only when one is verified, which removes the others of the address.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: text('id').primaryKey(),
    /** Trimmed and lower-cased, as `auth_users.email`. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull().default(''),
    /** HMAC of the mailed code under the instance's auth secret; never the code itself. */
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', tz).notNull(),
    /** Wrong codes entered for this sign-up since its code was mailed. */
    attempts: integer('attempts').notNull().default(0),
    /** The sign-up itself: gone after this, verified or not. */
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('pending_registrations_email_idx').on(t.email),
    index('pending_registrations_expires_at_idx').on(t.expiresAt),
    check('pending_registrations_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

/** better-auth's own per-IP, per-path request limiter. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Our throttles (sign-in failures per account and per IP, code sends per e-mail, ...): one counter
 * per key, shared by every server instance because it lives in the database.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
  },
  (t) => [
    index('auth_throttles_updated_at_idx').on(t.updatedAt),
    check('auth_throttles_count_not_negative', sql`${t.count} >= 0`),
  ],
);

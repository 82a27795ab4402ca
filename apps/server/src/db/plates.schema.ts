import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.schema.ts';

const tz = { withTimezone: true } as const;

/**
 * Plate-to-VIN answers of the provider, found and not found alike, kept for PLATE_CACHE_DAYS so a
 * repeat lookup never calls (or pays) the provider again. Provider errors are not cached.
 */
export const plateCache = pgTable(
  'plate_cache',
  {
    state: text('state').notNull(),
    plate: text('plate').notNull(),
    found: boolean('found').notNull(),
    vin: text('vin'),
    provider: text('provider').notNull(),
    fetchedAt: timestamp('fetched_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.state, t.plate] })],
);

/**
 * Every plate lookup with who asked, how it ended and whether the provider was asked (not
 * `from_cache`): the admin's list of recent searches reads it newest first.
 */
export const plateSearches = pgTable(
  'plate_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    state: text('state').notNull(),
    plate: text('plate').notNull(),
    /** found, not_found or error */
    outcome: text('outcome', { enum: ['found', 'not_found', 'error'] }).notNull(),
    vin: text('vin'),
    fromCache: boolean('from_cache').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('plate_searches_user_idx').on(t.userId, t.createdAt),
    index('plate_searches_created_at_idx').on(t.createdAt),
  ],
);

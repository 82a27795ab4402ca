import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The recalls provider's answer per make, model and year (`HONDA|ACCORD|2003`), reused for a day
 * so reports of the same model ask NHTSA once (docs/reports.md, "Data sources"). Failures are
 * not cached.
 */
export const recallCache = pgTable('recall_cache', {
  vehicleKey: text('vehicle_key').primaryKey(),
  /** The RecallList as the provider gave it. */
  list: jsonb('list').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

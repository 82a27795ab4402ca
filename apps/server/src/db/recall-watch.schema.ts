import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.schema.ts';
import { reportOrders } from './orders.schema.ts';

const tz = { withTimezone: true } as const;

/**
 * A vehicle a customer ordered a report for, watched for new recall campaigns until
 * `watchUntil` (3 years from the latest order of it) unless turned off
 * (docs/product-rules.md#recall-watch). One row per customer and VIN: ordering it again
 * extends the watch.
 */
export const recallWatches = pgTable(
  'recall_watches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    vin: text('vin').notNull(),
    /** The order's vehicle text, as the dashboard and the mail name it. */
    vehicle: text('vehicle').notNull(),
    /** The latest order of this VIN: its report is the baseline of the first pass. */
    orderId: text('order_id')
      .notNull()
      .references(() => reportOrders.id, { onDelete: 'cascade' }),
    watchUntil: timestamp('watch_until', tz).notNull(),
    /** Set when the customer turned watching off (dashboard or the mail's link). */
    turnedOffAt: timestamp('turned_off_at', tz),
    /** When the campaigns already known (the report's, or the provider's then) were recorded. */
    baselineAt: timestamp('baseline_at', tz),
    /** The last pass that asked the provider for this vehicle: the least recent go first. */
    checkedAt: timestamp('checked_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    unique('recall_watches_user_vin').on(t.userId, t.vin),
    index('recall_watches_due_idx').on(t.watchUntil),
  ],
);

/**
 * The campaigns a watched vehicle's customer knows of: `baseline` ones were in the report (or
 * listed when watching began); the others were found by a pass and are told (mailed) once,
 * `toldAt` set in the transaction that queues the alert.
 */
export const recallWatchCampaigns = pgTable(
  'recall_watch_campaigns',
  {
    watchId: text('watch_id')
      .notNull()
      .references(() => recallWatches.id, { onDelete: 'cascade' }),
    campaignNumber: text('campaign_number').notNull(),
    /** The RecallCampaign as the provider gave it. */
    campaign: jsonb('campaign').notNull(),
    baseline: boolean('baseline').notNull(),
    foundAt: timestamp('found_at', tz).notNull(),
    toldAt: timestamp('told_at', tz),
    /** The alert that told it. */
    alertId: text('alert_id'),
  },
  (t) => [
    primaryKey({ columns: [t.watchId, t.campaignNumber] }),
    index('recall_watch_campaigns_untold_idx')
      .on(t.watchId)
      .where(sql`${t.toldAt} is null`),
  ],
);

/** Each alert mail queued; a customer gets at most one a day (RECALL_ALERT_EVERY_HOURS). */
export const recallAlerts = pgTable(
  'recall_alerts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    campaigns: integer('campaigns').notNull(),
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (t) => [
    index('recall_alerts_user_idx').on(t.userId, t.createdAt),
    check('recall_alerts_campaigns_positive', sql`${t.campaigns} > 0`),
  ],
);

/**
 * The one pass at a time: a lease taken by an UPDATE that only succeeds once the last holder's
 * lease ran out or was given back, so no transaction or lock is held while the pass calls the
 * provider. One row (id 1), made by the migration.
 */
export const recallWatchLease = pgTable(
  'recall_watch_lease',
  {
    id: integer('id').primaryKey(),
    holder: text('holder'),
    heldUntil: timestamp('held_until', tz).notNull(),
    lastPassAt: timestamp('last_pass_at', tz),
  },
  (t) => [check('recall_watch_lease_one_row', sql`${t.id} = 1`)],
);

/**
 * Campaigns the SANDBOX recalls provider publishes on request (`npm run cli -- recalls
 * publish-sample`), kept here so every process's sandbox lists them. Invented, and say so.
 */
export const sandboxRecallCampaigns = pgTable(
  'sandbox_recall_campaigns',
  {
    campaignNumber: text('campaign_number').primaryKey(),
    /** recallsKey of the make, model and year: `HONDA|ACCORD|2003`. */
    vehicleKey: text('vehicle_key').notNull(),
    /** recallModelsKey of the make and year, whose model names then include the model. */
    modelsKey: text('models_key').notNull(),
    model: text('model').notNull(),
    campaign: jsonb('campaign').notNull(),
    publishedAt: timestamp('published_at', tz).notNull(),
  },
  (t) => [
    index('sandbox_recall_campaigns_vehicle_idx').on(t.vehicleKey),
    index('sandbox_recall_campaigns_models_idx').on(t.modelsKey),
  ],
);

import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { reportOrders } from './orders.schema.ts';

const tz = { withTimezone: true } as const;

/**
 * What a generated report was made of (decode, history records, recalls, and when each was
 * gathered), so its web view shows what its PDF shows. Uploaded reports, and those generated
 * before this table existed, have no row: their view is the PDF.
 */
export const reportInputs = pgTable('report_inputs', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => reportOrders.id, { onDelete: 'cascade' }),
  /** The storage key of the PDF made from these inputs: another key means another report. */
  reportKey: text('report_key').notNull(),
  inputs: jsonb('inputs').notNull(),
  generatedAt: timestamp('generated_at', tz).notNull(),
});

/**
 * An order's share link (one at a time; sharing again replaces it). Only the SHA-256 of the
 * token is kept: the token is a credential, shown once to its owner.
 */
export const reportShares = pgTable(
  'report_shares',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => reportOrders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('report_shares_token_hash_unique'),
    expiresAt: timestamp('expires_at', tz).notNull(),
    opens: integer('opens').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [check('report_shares_opens_not_negative', sql`${t.opens} >= 0`)],
);

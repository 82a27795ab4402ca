import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The credit package catalog (docs/product-rules.md#money): the one source of every price. */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: text('id').primaryKey(),
    description: text('description').notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    popular: boolean('popular').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_packages_credits_positive', sql`${t.credits} > 0`),
    check('credit_packages_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export * from './auth.schema.ts';
export * from './users.schema.ts';
export * from './mail.schema.ts';
export * from './credits.schema.ts';
export * from './payments.schema.ts';
export * from './plates.schema.ts';
export * from './orders.schema.ts';
export * from './audit.schema.ts';
export * from './secrets.schema.ts';
export * from './recalls.schema.ts';
export * from './reports.schema.ts';
export * from './recall-watch.schema.ts';
export * from './problems.schema.ts';

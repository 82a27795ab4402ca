import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PAYMENT_INTENT_STATUSES } from '@vr/contracts';
import { authUsers } from './auth.schema.ts';
import { sqlList } from './sql-list.ts';

const tz = { withTimezone: true } as const;

export interface BillingDetails {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: {
    line1?: string | null;
    line2?: string | null;
    city?: string | null;
    state?: string | null;
    postalCode?: string | null;
    country?: string | null;
  } | null;
}

/**
 * A card as the gateway knows it: brand, last four digits, expiry and billing details. Never the
 * number or the CVC. `userId` is null until the card is attached to a customer.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    billingDetails: jsonb('billing_details').$type<BillingDetails>(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Sandbox only: what the card does when charged, decided from its number when created. */
    sandboxOutcome: text('sandbox_outcome'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId)],
);

/** One attempt to buy one catalog package; amount and credits are copied from the catalog. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    packageId: text('package_id').notNull(),
    description: text('description').notNull(),
    paymentMethodId: text('payment_method_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    status: text('status', { enum: PAYMENT_INTENT_STATUSES }).notNull(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    failureMessage: text('failure_message'),
    /**
     * Written by versions that claimed receipts here; receipts are mail jobs now. Kept so those
     * versions still work during a rolling upgrade; to be dropped in a later release.
     */
    receiptSentAt: timestamp('receipt_sent_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('payment_intents_user_idx').on(t.userId, t.createdAt),
    check('payment_intents_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_intents_credits_positive', sql`${t.credits} > 0`),
    check(
      'payment_intents_status_known',
      sql`${t.status} in (${sqlList(PAYMENT_INTENT_STATUSES)})`,
    ),
  ],
);

/** Stripe webhook events already handled; the event id as key makes each one count once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', tz).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.schema.ts';

/**
 * The backend profile of an identity (POST /api/api/register): its role now; credit, payment
 * customer and the like join it in later issues.
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['USER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    /** The Stripe customer holding this user's cards (stripe mode); null until the first card. */
    stripeCustomerId: text('stripe_customer_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('profiles_role_known', sql`${t.role} in ('USER', 'ADMIN')`)],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.schema.ts';

const tz = { withTimezone: true } as const;

export const LEDGER_KINDS = ['purchase', 'spend', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * A user's credit balance (docs/product-rules.md#money): one row per user, locked (FOR UPDATE)
 * by every movement, changed only in the transaction that appends the matching ledger row, so it
 * always equals the ledger sum. The CHECK keeps it at or above zero whatever the code does.
 */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [check('credit_balances_not_negative', sql`${t.balance} >= 0`)],
);

/**
 * The append-only credit ledger. `reference` is the payment intent (purchase), the order (spend,
 * refund); unique per kind, so a payment is credited and an order refunded at most once.
 * Adjustments carry the acting admin instead.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reference: text('reference'),
    actorId: text('actor_id'),
    /**
     * Why, when the kind and reference do not say it: `problem:<id>` on a refund an admin gave
     * for a report found wrong (docs/product-rules.md#problems-with-a-report).
     */
    reason: text('reason'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    unique('credit_ledger_kind_reference').on(t.kind, t.reference),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    check('credit_ledger_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
    check(
      'credit_ledger_kind_known',
      sql`${t.kind} in ('purchase', 'spend', 'refund', 'adjustment')`,
    ),
    check(
      'credit_ledger_delta_sign',
      sql`(${t.kind} in ('purchase', 'refund') and ${t.delta} > 0)
        or (${t.kind} = 'spend' and ${t.delta} < 0)
        or ${t.kind} = 'adjustment'`,
    ),
    check(
      'credit_ledger_reference_needed',
      sql`${t.kind} = 'adjustment' or ${t.reference} is not null`,
    ),
  ],
);

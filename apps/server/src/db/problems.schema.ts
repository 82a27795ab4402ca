import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.schema.ts';
import { reportOrders } from './orders.schema.ts';

const tz = { withTimezone: true } as const;

export const PROBLEM_KIND_VALUES = [
  'wrong_record',
  'missing_record',
  'vehicle_details',
  'other',
] as const;
export const PROBLEM_STATE_VALUES = ['Open', 'Answered'] as const;
export const PROBLEM_ACTION_VALUES = ['reply', 'regenerate', 'corrected', 'refund'] as const;

/**
 * A problem a customer reported on a Completed report, and the admin's answer
 * (docs/product-rules.md#problems-with-a-report). At most one Open problem per order, kept by a
 * partial unique index, so two reports sent at once leave one. An answered problem keeps who
 * answered, the reply and what was done besides (`action`).
 */
export const reportProblems = pgTable(
  'report_problems',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => reportOrders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROBLEM_KIND_VALUES }).notNull(),
    description: text('description').notNull(),
    state: text('state', { enum: PROBLEM_STATE_VALUES }).notNull().default('Open'),
    reply: text('reply'),
    action: text('action', { enum: PROBLEM_ACTION_VALUES }),
    /** The admin who answered (kept as text, so the record outlives the account). */
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_problems_one_open_per_order')
      .on(t.orderId)
      .where(sql`${t.state} = 'Open'`),
    index('report_problems_state_idx').on(t.state, t.createdAt),
    index('report_problems_user_idx').on(t.userId, t.createdAt),
    index('report_problems_order_idx').on(t.orderId, t.createdAt),
    check(
      'report_problems_kind_known',
      sql`${t.kind} in ('wrong_record', 'missing_record', 'vehicle_details', 'other')`,
    ),
    check('report_problems_state_known', sql`${t.state} in ('Open', 'Answered')`),
    check(
      'report_problems_answer_complete',
      sql`(${t.state} = 'Open' and ${t.answeredAt} is null and ${t.reply} is null and ${t.action} is null)
        or (${t.state} = 'Answered' and ${t.answeredAt} is not null and ${t.reply} is not null and ${t.action} is not null)`,
    ),
    check('report_problems_description_bounded', sql`char_length(${t.description}) <= 2000`),
  ],
);

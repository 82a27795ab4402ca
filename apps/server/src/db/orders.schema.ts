import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { REPORT_ORDER_STATUS_VALUES } from '@vr/contracts';
import { authUsers } from './auth.schema.ts';
import { sqlList } from './sql-list.ts';

const tz = { withTimezone: true } as const;

export const REPORT_SOURCES = ['generated', 'uploaded'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/**
 * A paid report order. Created in the transaction that spends its credit (ledger row `spend` with
 * the order id as reference); refunded at most once (ledger row `refund`, same reference).
 */
export const reportOrders = pgTable(
  'report_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    vin: text('vin').notNull(),
    vehicle: text('vehicle').notNull(),
    status: text('status', { enum: REPORT_ORDER_STATUS_VALUES }).notNull().default('Pending'),
    /** Client-chosen Idempotency-Key header: a retried POST returns the first order. */
    idempotencyKey: text('idempotency_key'),
    /** Where the PDF lives in ReportStorage; null until a report is attached. */
    reportKey: text('report_key'),
    /** The SLA deadline: not Completed by then means refunded automatically. */
    dueAt: timestamp('due_at', tz).notNull(),
    /**
     * Report generation (docs/decisions/0014-report-generation.md): failed attempts so far, the
     * last failure, and when the next attempt is queued for (null when none is waiting).
     */
    generationAttempts: integer('generation_attempts').notNull().default(0),
    generationLastError: text('generation_last_error'),
    generationNextAt: timestamp('generation_next_at', tz),
    /** Who made the attached report; an uploaded one is never replaced by a generated one. */
    reportSource: text('report_source', { enum: REPORT_SOURCES }),
    completedAt: timestamp('completed_at', tz),
    refundedAt: timestamp('refunded_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    unique('report_orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('report_orders_user_idx').on(t.userId, t.createdAt),
    index('report_orders_status_idx').on(t.status, t.createdAt),
    index('report_orders_due_idx').on(t.dueAt),
    check(
      'report_orders_status_known',
      sql`${t.status} in (${sqlList(REPORT_ORDER_STATUS_VALUES)})`,
    ),
  ],
);

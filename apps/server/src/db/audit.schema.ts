import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What administrators did (credit changes, uploads, tryouts, role changes): who, what, when,
 * before and after. Append-only; `actorId` is kept as text so the record outlives the account
 * ('cli' for changes made from the shell).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt)],
);

import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mails kept instead of sent when no SMTP server is configured (SMTP_URL unset). */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_created_at_idx').on(t.to, t.createdAt)],
);

import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Mails kept instead of sent when no SMTP server is configured (SMTP_URL unset). */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The mail job's id: a job run again finds its row instead of adding one. Null on rows kept
    // before mails were queued.
    messageId: text('message_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    // The headers SMTP would have sent beyond the usual ones (a recall alert's List-Unsubscribe).
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_to_created_at_idx').on(t.to, t.createdAt),
    unique('outbox_message_id_unique').on(t.messageId),
  ],
);

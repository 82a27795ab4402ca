import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { MailLogger, Mailer, MailMessage } from './mailer.ts';

/**
 * The sandbox mailer: keeps each mail as a row of `outbox` and writes one log line saying where
 * it is. The log never carries the body (codes stay in the database).
 */
export function createOutboxMailer(db: Db, log: MailLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const [row] = await db
        .insert(outbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        .returning({ id: outbox.id });
      log.info(
        { mail: { to: message.to, subject: message.subject, outboxId: row?.id } },
        `mail "${message.subject}" to ${message.to} kept in the outbox table (SMTP_URL unset): read it there`,
      );
    },
    async close() {},
  };
}

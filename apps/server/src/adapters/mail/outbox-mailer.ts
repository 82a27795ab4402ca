import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { MailLogger, Mailer, MailMessage } from './mailer.ts';

/**
 * The sandbox mailer: keeps each mail as a row of `outbox` and writes one log line carrying its
 * plain text, with the headers SMTP would add (a recall alert's List-Unsubscribe). With the embedded database nothing else can read the table while the server runs,
 * so the log line is how a person running the product locally reads a code (decision 0003).
 */
export function createOutboxMailer(db: Db, log: MailLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage, id: string) {
      const [row] = await db
        .insert(outbox)
        .values({
          messageId: id,
          to: message.to,
          subject: message.subject,
          text: [
            message.text,
            ...(message.attachments ?? []).map(
              (a) =>
                `Attached: ${a.filename} (${Buffer.byteLength(a.contentBase64, 'base64')} bytes)`,
            ),
          ].join('\n\n'),
          html: message.html,
          headers: message.headers ?? null,
        })
        .onConflictDoNothing({ target: outbox.messageId })
        .returning({ id: outbox.id });
      // Kept by an earlier run of the same job, and logged then.
      if (!row) return;
      log.info(
        { mail: { to: message.to, subject: message.subject, outboxId: row.id } },
        `mail "${message.subject}" to ${message.to} kept in the outbox table (SMTP_URL unset): ${message.text.replace(/\s+/g, ' ').trim()}`,
      );
    },
    async close() {},
  };
}

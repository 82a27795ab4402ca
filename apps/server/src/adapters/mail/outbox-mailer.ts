import type { DbOrTx } from '../../db/transaction.ts';
import type { MailLogger, Mailer, MailMessage } from './mailer.ts';
import { keepInOutbox } from './outbox.repo.ts';

/**
 * The sandbox mailer: keeps each mail as a row of `outbox` and writes one log line carrying its
 * plain text, with the headers SMTP would add (a recall alert's List-Unsubscribe). With the
 * embedded database nothing else can read the table while the server runs, so the log line is
 * how a person running the product locally reads a code (decision 0003).
 */
export function createOutboxMailer(db: DbOrTx, log: MailLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage, id: string) {
      const outboxId = await keepInOutbox(db, {
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
      });
      // Kept by an earlier run of the same job, and logged then.
      if (outboxId === null) return;
      log.info(
        { mail: { to: message.to, subject: message.subject, outboxId } },
        `mail "${message.subject}" to ${message.to} kept in the outbox table (SMTP_URL unset): ${message.text.replace(/\s+/g, ' ').trim()}`,
      );
    },
    async close() {},
  };
}

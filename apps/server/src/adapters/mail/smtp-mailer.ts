import nodemailer from 'nodemailer';
import type { MailLogger, Mailer, MailMessage } from './mailer.ts';
import { observeProviderCall } from '../../lib/metrics.ts';

/**
 * An attempt gives up well before its job expires (jobs/job-queue.ts), so a hung server ends
 * in a retry rather than in two attempts at once.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** Sends through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string, log: MailLogger): Mailer {
  const transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  const domain = senderDomain(from);
  return {
    kind: 'smtp',
    async send(message: MailMessage, id: string) {
      const info = await observeProviderCall('smtp', () =>
        transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers ? { headers: message.headers } : {}),
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
          // The same on every attempt: a mail sent twice is recognisably one mail.
          messageId: `<${id}@${domain}>`,
        }),
      );
      log.info(
        { mail: { to: message.to, subject: message.subject, messageId: info.messageId } },
        'mail sent over SMTP',
      );
    },
    async close() {
      transport.close();
    },
  };
}

import nodemailer from 'nodemailer';
import type { MailLogger, Mailer, MailMessage } from './mailer.ts';

/** Sends through the SMTP server of `url` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string, log: MailLogger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
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

import type { Db } from '../../db/client.ts';
import type { MailLogger, Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type { MailLogger, Mailer, MailMessage } from './mailer.ts';
export { escapeHtml } from './mailer.ts';

/** SMTP when SMTP_URL is set, otherwise the outbox table. */
export function createMailer(
  config: { SMTP_URL?: string | undefined; MAIL_FROM: string },
  db: Db,
  log: MailLogger,
): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM, log)
    : createOutboxMailer(db, log);
}
export { noticeMail } from './notice-mail.ts';

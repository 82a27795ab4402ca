/** One e-mail: a plain-text body and an HTML body saying the same. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (the admin's tryout report); the outbox keeps only their names. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
}

/**
 * The outside system "mail" (docs/architecture.md#adapters): SMTP in production, the `outbox` table
 * when no SMTP server is configured. Only the mail job's handler (jobs/mail-delivery.ts) calls it;
 * modules queue their mails.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Resolves once the mail is accepted (by the SMTP server, or stored); rejects otherwise. `id`
   * names this mail for good (its job id): sending it again sends the same mail.
   */
  send(message: MailMessage, id: string): Promise<void>;
  close(): Promise<void>;
}

/** The part of a pino logger the mailers use. */
export interface MailLogger {
  info(obj: object, msg: string): void;
}

/** Escapes text for an HTML body. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A file sent with a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** One e-mail: a plain-text body and an HTML body saying the same. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (reports); the outbox keeps only their names and sizes. */
  attachments?: MailAttachment[];
  /** Extra headers SMTP sends (the recall alerts' List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

/** `message` with `file` attached, both bodies saying so. */
export function withAttachment(message: MailMessage, file: MailAttachment): MailMessage {
  const line = `The report's PDF is attached (${file.filename}).`;
  return {
    ...message,
    text: `${message.text}\n\n${line}`,
    html: message.html.replace('</body>', `<p>${escapeHtml(line)}</p></body>`),
    attachments: [...(message.attachments ?? []), file],
  };
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

import { escapeHtml, type MailMessage } from './mailer.ts';

/**
 * A plain notice: a subject, a few paragraphs and an optional link, as text and HTML bodies that
 * say the same. Receipts and order mails are built with it.
 */
export function noticeMail(input: {
  to: string;
  subject: string;
  paragraphs: string[];
  link?: { label: string; url: string };
}): MailMessage {
  const { to, subject, paragraphs, link } = input;
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}

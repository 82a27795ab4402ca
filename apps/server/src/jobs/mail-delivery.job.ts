import { withAttachment, type MailAttachment } from '../adapters/mail/mailer.ts';
import type { Mailer, MailMessage } from '../adapters/mail/index.ts';
import { mailDeliveries } from '../lib/metrics.ts';
import type { JobQueue, ReceiptJob } from './job-queue.ts';

/**
 * Delivers queued mails through `mailer`. The job id is the mail's identity: SMTP carries it in
 * the Message-ID and the outbox keys its row on it, so a job run twice (the process died after
 * the mail was accepted, before the job was marked done) sends the same mail, not a new one.
 */
export function registerMailDeliveryJob(
  jobs: JobQueue,
  deps: {
    mailer: Mailer;
    /** The payments module's receipt (payments.mails.ts); null when its purchase is gone. */
    renderReceiptMail(receipt: ReceiptJob): Promise<MailMessage | null>;
    /** Opens a mail queued sealed (mail-sealing.ts). */
    openSealedMail(sealed: string): MailMessage;
    /** The reports module's PDF of an order as it is stored now; null when none or too large. */
    reportAttachment(orderId: string): Promise<MailAttachment | null>;
  },
): Promise<void> {
  return jobs.work('mail', async ({ id, data }) => {
    const message =
      data.kind === 'receipt'
        ? await deps.renderReceiptMail(data)
        : data.kind === 'sealed'
          ? deps.openSealedMail(data.sealed)
          : data.message;
    if (!message) return;
    const attachment =
      data.kind !== 'receipt' && data.attachReportOf
        ? await deps.reportAttachment(data.attachReportOf)
        : null;
    try {
      await deps.mailer.send(attachment ? withAttachment(message, attachment) : message, id);
    } catch (err) {
      mailDeliveries.inc({ outcome: 'failed' });
      throw err;
    }
    mailDeliveries.inc({ outcome: 'delivered' });
  });
}

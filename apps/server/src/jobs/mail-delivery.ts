import type { Mailer, MailMessage } from '../adapters/mail/index.ts';
import type { Db } from '../db/client.ts';
import type { Tx } from '../db/transaction.ts';
import { receiptMail, type ReceiptContext } from '../modules/payments/payments.receipts.ts';
import type { JobQueue, JobSender } from './job-queue.ts';

/**
 * A mail to deliver: rendered when it was queued, or a receipt, rendered on delivery from the
 * intent and the balance its credit left (the payments service knows neither the product name
 * nor the addresses).
 */
export type MailJob =
  | { kind: 'message'; message: MailMessage }
  | { kind: 'receipt'; intentId: string; balance: number };

/** Queues `message` in the transaction (or on the database) that causes it. */
export function enqueueMail(jobs: JobSender, executor: Db | Tx, message: MailMessage) {
  return jobs.enqueue(executor, 'mail', { kind: 'message', message });
}

/**
 * Delivers queued mails through `mailer`. The job id is the mail's identity: SMTP carries it in
 * the Message-ID and the outbox keys its row on it, so a job run twice (the process died after
 * the mail was accepted, before the job was marked done) sends the same mail, not a new one.
 */
export function registerMailDelivery(
  jobs: JobQueue,
  deps: { mailer: Mailer; receipts: ReceiptContext },
): Promise<void> {
  return jobs.work('mail', async ({ id, data }) => {
    const message = data.kind === 'receipt' ? await receiptMail(deps.receipts, data) : data.message;
    if (message) await deps.mailer.send(message, id);
  });
}

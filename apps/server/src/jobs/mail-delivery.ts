import type { MailMessage } from '../adapters/mail/index.ts';
import type { Db } from '../db/client.ts';
import type { Tx } from '../db/transaction.ts';
import type { JobSender } from './job-queue.ts';

/**
 * Queues `message` in the transaction (or on the database) that causes it; `attachReportOf`
 * names the order whose report PDF the delivery attaches (the job carries the id, never the file).
 */
export function enqueueMail(
  jobs: JobSender,
  executor: Db | Tx,
  message: MailMessage,
  options: { attachReportOf?: string } = {},
) {
  return jobs.enqueue(executor, 'mail', { kind: 'message', message, ...options });
}

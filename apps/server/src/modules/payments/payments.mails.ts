import { CREDITS_NEVER_EXPIRE, creditCount, formatCents } from '@vr/contracts';
import { noticeMail, type MailMessage } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { findIntentWithEmail } from './payments.repo.ts';

export type ReceiptMails = ReturnType<typeof createReceiptMails>;

/** Receipts, rendered when the mail job runs (jobs/mail-delivery.ts). */
export function createReceiptMails(deps: { db: Db; productName: string; publicUrl: string }) {
  return {
    /**
     * The receipt of a credited purchase, or null when its intent or customer is gone.
     * `balance` is the balance the credit left, read in the transaction that credited it.
     */
    async renderReceiptMail(receipt: {
      intentId: string;
      balance: number;
    }): Promise<MailMessage | null> {
      const row = await findIntentWithEmail(deps.db, receipt.intentId);
      if (!row) return null;
      const { intent, email } = row;
      const { balance } = receipt;
      const amount = formatCents(intent.amountCents, intent.currency);
      return noticeMail({
        to: email,
        subject: `${deps.productName}: receipt for ${creditCount(intent.credits)}`,
        paragraphs: [
          `Thank you for your purchase (payment ${intent.id}).`,
          `Package: ${intent.description}. Credits: ${intent.credits}. Amount charged: ${amount}.`,
          `Your balance is now ${creditCount(balance)}. ${CREDITS_NEVER_EXPIRE}`,
        ],
        link: { label: 'Open your dashboard', url: `${deps.publicUrl}/dashboard` },
      });
    },
  };
}

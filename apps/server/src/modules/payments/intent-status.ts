import type { PaymentIntentStatus } from '@vr/contracts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { HttpError } from '../../http/errors.ts';
import { creditPurchase } from '../credits/index.ts';
import {
  findOwnedPaymentIntent,
  lockPaymentIntent,
  updatePaymentIntentStatus,
  type PaymentIntentRow,
} from './payments.repo.ts';

/** Status changes of payment intents, with the credit and receipt a success brings. */
export function createIntentStatusWriter({ jobs }: { jobs: JobSender }) {
  return {
    /**
     * Writes an intent's new status, and when it is `succeeded` credits the purchase and queues
     * its receipt, all in the caller's transaction (`intent` locked by it). Every path to
     * `succeeded` comes here: the ledger credits an intent once, and only the call that credits
     * queues the receipt, so each purchase gets exactly one.
     */
    async setStatusAndCreditOnSuccess(
      tx: Tx,
      intent: PaymentIntentRow,
      status: PaymentIntentStatus,
      failureMessage: string | null,
    ): Promise<PaymentIntentRow> {
      const updated = await updatePaymentIntentStatus(tx, intent.id, status, failureMessage);
      if (status === 'succeeded') {
        const credited = await creditPurchase(tx, {
          userId: intent.userId,
          paymentIntentId: intent.id,
          credits: intent.credits,
        });
        if (credited.applied) {
          await jobs.enqueue(tx, 'mail', {
            kind: 'receipt',
            intentId: intent.id,
            balance: credited.balance,
          });
        }
      }
      return updated;
    },
  };
}

export const paymentIntentNotFound = () => new HttpError(404, 'Payment intent not found');

/** The user's payment intent `id`; 404 when it is not theirs. */
export async function ownedPaymentIntent(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PaymentIntentRow> {
  const row = await findOwnedPaymentIntent(db, userId, id);
  if (!row) throw paymentIntentNotFound();
  return row;
}

/** The user's payment intent `id`, locked for a status change; 404 when it is not theirs. */
export async function lockOwnedPaymentIntent(
  tx: Tx,
  userId: string,
  id: string,
): Promise<PaymentIntentRow> {
  const row = await lockPaymentIntent(tx, id, userId);
  if (!row) throw paymentIntentNotFound();
  return row;
}

import { isFinalPayment } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { createIntentStatusWriter } from './intent-status.ts';
import { lockPaymentIntent, recordWebhookEvent } from './payments.repo.ts';

/** The part of a Stripe event this server acts on. */
export interface WebhookEvent {
  id: string;
  type: string;
  intentId: string | null;
  failureMessage: string | null;
}

export type WebhookOutcome = 'duplicate' | 'ignored' | 'applied';

const INTENT_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
];

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;

/** Takes Stripe's word for an intent's state from its webhook events (stripe mode). */
export function createStripeWebhookService({
  db,
  jobs,
}: {
  db: Db;
  /** Receipts are queued where a purchase is credited. */
  jobs: JobSender;
}) {
  const statuses = createIntentStatusWriter({ jobs });
  return {
    /**
     * Applies a verified Stripe event once (the event id is the key of `webhook_events`). A
     * success credits through the idempotent ledger; a failure or cancellation never touches a succeeded intent, so a late `payment_failed` cannot
     * undo a credit.
     */
    applyWebhookEvent(event: WebhookEvent): Promise<WebhookOutcome> {
      return db.transaction(async (tx) => {
        if (!(await recordWebhookEvent(tx, { id: event.id, type: event.type }))) {
          return 'duplicate';
        }
        if (!INTENT_EVENTS.includes(event.type) || !event.intentId) return 'ignored';
        const intent = await lockPaymentIntent(tx, event.intentId);
        if (!intent) return 'ignored';
        if (event.type === 'payment_intent.succeeded') {
          await statuses.setStatusAndCreditOnSuccess(tx, intent, 'succeeded', null);
          return 'applied';
        }
        if (isFinalPayment(intent.status)) return 'ignored';
        if (event.type === 'payment_intent.canceled') {
          await statuses.setStatusAndCreditOnSuccess(tx, intent, 'canceled', null);
        } else {
          await statuses.setStatusAndCreditOnSuccess(
            tx,
            intent,
            'requires_payment_method',
            event.failureMessage,
          );
        }
        return 'applied';
      });
    },
  };
}

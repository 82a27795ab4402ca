import { z } from 'zod';
import { UNFINISHED_PAYMENT_STATUSES } from './payment-status.ts';

/** What Purchase History and Pending Payments call a purchase's state. */
export const PURCHASE_LABELS = {
  completed: 'Completed',
  pending: 'Pending',
  awaitingVerification: 'Awaiting verification',
  canceled: 'Canceled',
  declined: 'Declined',
  failed: 'Failed',
} as const;
export type PurchaseLabel = (typeof PURCHASE_LABELS)[keyof typeof PURCHASE_LABELS];

/**
 * The label of a purchase from its payment intent (docs/product-rules.md#purchase-labels): a card
 * decline leaves the intent `requires_payment_method` with the card's message, which is the
 * label's reason.
 */
export function purchaseStatusLabel(
  status: string,
  message?: string | null,
): { label: PurchaseLabel; reason: string | null } {
  switch (status) {
    case 'succeeded':
      return { label: PURCHASE_LABELS.completed, reason: null };
    case 'processing':
      return { label: PURCHASE_LABELS.pending, reason: null };
    case 'requires_action':
    case 'requires_confirmation':
      return { label: PURCHASE_LABELS.awaitingVerification, reason: null };
    case 'canceled':
      return { label: PURCHASE_LABELS.canceled, reason: null };
    case 'requires_payment_method':
      return message
        ? { label: PURCHASE_LABELS.declined, reason: message }
        : { label: PURCHASE_LABELS.failed, reason: null };
    default:
      return { label: PURCHASE_LABELS.failed, reason: message ?? null };
  }
}

/** One unfinished purchase in GET /api/api/stripe-credit/pending-payments (docs/payments-api.md). */
export const pendingPaymentSchema = z.object({
  paymentIntentId: z.string(),
  /** Stripe.js needs it to run 3-D Secure again. */
  clientSecret: z.string(),
  status: z.enum(UNFINISHED_PAYMENT_STATUSES),
  description: z.string(),
  credits: z.number().int(),
  /** Integer cents. */
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type PendingPaymentView = z.infer<typeof pendingPaymentSchema>;

export const pendingPaymentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(pendingPaymentSchema),
});

import {
  isUnfinishedPayment,
  type ConfirmPaymentResponse,
  type CreatedCard,
  type PaymentIntentView,
  type PaymentMethodView,
  type PendingPaymentView,
} from '@vr/contracts';
import type { IntentOutcome } from './payment-intents.service.ts';
import type { PaymentIntentRow, PaymentMethodRow } from './payments.repo.ts';

export function paymentMethodView(row: PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    paymentMethodId: row.id,
    cardBrand: row.brand,
    last4: row.last4,
    expMonth: String(row.expMonth).padStart(2, '0'),
    expYear: String(row.expYear),
    isDefault: row.isDefault,
    cardholderName: row.billingDetails?.name ?? 'Unknown',
  };
}

export function paymentIntentView(row: PaymentIntentRow): PaymentIntentView {
  return {
    paymentIntentId: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amount: row.amountCents,
    currency: row.currency,
  };
}

/** An unfinished purchase in Pending Payments; `null` for an intent that is not unfinished. */
export function pendingPaymentView(row: PaymentIntentRow): PendingPaymentView | null {
  if (!isUnfinishedPayment(row.status)) return null;
  return {
    paymentIntentId: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    description: row.description,
    credits: row.credits,
    amount: row.amountCents,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The answer to a confirmation or to a 3-D Secure challenge. */
export function confirmationView({ intent, message }: IntentOutcome): ConfirmPaymentResponse {
  return {
    success: intent.status === 'succeeded',
    status: intent.status,
    ...(message ? { message } : {}),
  };
}

export function createdCardView(row: PaymentMethodRow): CreatedCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}

import type {
  ConfirmPaymentResponse,
  CreatedCard,
  PaymentIntentView,
  PaymentMethodView,
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

/**
 * A purchase's payment intent statuses and what each allows, for the server's rules and the
 * screens alike (docs/product-rules.md#card-payments, #pending-payments).
 */

/** Stripe's payment intent statuses plus `failed`. */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
  'failed',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

const among =
  <S extends string>(statuses: readonly S[]) =>
  (status: string): status is S =>
    (statuses as readonly string[]).includes(status);

/** States no later answer of the gateway may leave: a success stays credited, a cancel stays. */
export const FINAL_PAYMENT_STATUSES = ['succeeded', 'canceled'] as const;
export const isFinalPayment = among(FINAL_PAYMENT_STATUSES);

/** The statuses of a purchase that is neither finished nor failed: the customer can complete it. */
export const UNFINISHED_PAYMENT_STATUSES = [
  'requires_confirmation',
  'requires_action',
  'processing',
] as const;
export const isUnfinishedPayment = among(UNFINISHED_PAYMENT_STATUSES);

/** Confirm Payment: the intent waits for its confirmation. */
export const canConfirmPayment = (status: string) => status === 'requires_confirmation';
/** Complete verification: the bank's 3-D Secure check is waiting. */
export const canVerifyPayment = (status: string) => status === 'requires_action';
/** Cancel: anything not final; a succeeded payment is never canceled. */
export const canCancelPayment = (status: string) => !isFinalPayment(status);

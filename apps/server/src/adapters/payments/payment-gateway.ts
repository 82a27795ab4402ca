import type { PaymentIntentStatus } from '../../db/schema.ts';

/** The card a charge uses, as stored (no number, no CVC). */
export interface GatewayPaymentMethod {
  id: string;
  /** Sandbox only: what the card does when charged. */
  sandboxOutcome: string | null;
}

export interface GatewayResult {
  status: PaymentIntentStatus;
  /** Stripe's message for the customer when a charge failed. */
  failureMessage: string | null;
}

/**
 * Card payments (DESIGN.md section 5): Stripe in production, an in-server sandbox with Stripe's
 * state machine and test cards by default. Amounts come from the catalog, never from here.
 */
export interface PaymentGateway {
  readonly provider: 'sandbox' | 'stripe';
  /** The customer id under which a user's cards are kept. */
  customerIdFor(userId: string): string;
  /** Confirms (charges) an intent with a card. */
  confirm(input: {
    intentId: string;
    amountCents: number;
    currency: string;
    paymentMethod: GatewayPaymentMethod;
  }): Promise<GatewayResult>;
  /** Ends a 3-D Secure challenge of an intent in `requires_action`. */
  completeAction(input: {
    intentId: string;
    paymentMethod: GatewayPaymentMethod;
    passed: boolean;
  }): Promise<GatewayResult>;
}

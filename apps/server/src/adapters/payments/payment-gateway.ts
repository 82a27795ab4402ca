import type { PaymentIntentStatus } from '@vr/contracts';
import type { BillingDetails } from '../../db/schema.ts';

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

/** A card the gateway holds, as the server keeps it: never the number or the CVC. */
export interface GatewayCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  billingDetails: BillingDetails | null;
}

export interface GatewayIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
}

/**
 * Card payments (docs/architecture.md#adapters): Stripe in production, an in-server sandbox with
 * Stripe's state machine and test cards by default. Amounts come from the catalog, never from here.
 */
export interface PaymentGateway {
  readonly provider: 'sandbox' | 'stripe';
  /** Creates the customer under which a user's cards are kept (called once per user). */
  createCustomer(user: { id: string; email: string }): Promise<string>;
  /**
   * Takes a card the browser created at the gateway into the customer and reads it back; null
   * when the gateway already recorded it here (the sandbox creates cards in this server).
   */
  adoptCard(input: { customerId: string; paymentMethodId: string }): Promise<GatewayCard | null>;
  /** Makes the card the customer's default at the gateway. */
  makeDefault(input: { customerId: string; paymentMethodId: string }): Promise<void>;
  /** Detaches a card from its customer (deleting a saved card). */
  detachCard(paymentMethodId: string): Promise<void>;
  /** Creates an unconfirmed intent with the catalog's amount. */
  createIntent(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<GatewayIntent>;
  /** Confirms (charges) an intent with a card. */
  confirm(input: {
    intentId: string;
    amountCents: number;
    currency: string;
    paymentMethod: GatewayPaymentMethod;
  }): Promise<GatewayResult>;
  /** Sandbox only: ends a 3-D Secure challenge of an intent in `requires_action`. */
  completeAction(input: {
    intentId: string;
    paymentMethod: GatewayPaymentMethod;
    passed: boolean;
  }): Promise<GatewayResult>;
  /** Cancels an intent at the gateway. */
  cancel(intentId: string): Promise<GatewayResult>;
  /** The gateway's current state of an intent; null when this server is the gateway. */
  retrieve(intentId: string): Promise<GatewayResult | null>;
}

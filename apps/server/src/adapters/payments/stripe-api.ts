import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from '@vr/contracts';
import { providerCalls } from '../../lib/metrics.ts';
import { storedBillingDetails } from './billing-details.ts';

const KNOWN_STATUSES: readonly string[] = PAYMENT_INTENT_STATUSES;

type StripeConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>;

/** The SDK client; `STRIPE_API_BASE` (tests: a local double) replaces Stripe's host. */
export function createStripeClient(config: StripeConfig): Stripe {
  const client = stripeClientOf(config);
  // The SDK reports each answer it got with its time (a call that got none is not reported).
  client.on('response', (event: { status: number; elapsed: number }) => {
    const outcome = event.status < 400 ? 'ok' : `http_${event.status}`;
    providerCalls.observe({ provider: 'stripe', outcome }, event.elapsed / 1000);
  });
  return client;
}

function stripeClientOf(config: StripeConfig): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  if (!config.STRIPE_API_BASE) return new Stripe(config.STRIPE_SECRET_KEY);
  const base = new URL(config.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: Number(base.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 0,
  });
}

export interface StripeIntentState {
  id: string;
  status: PaymentIntentStatus;
  clientSecret: string;
  failureMessage: string | null;
}

function intentState(intent: Stripe.PaymentIntent): StripeIntentState {
  return {
    id: intent.id,
    status: KNOWN_STATUSES.includes(intent.status as PaymentIntentStatus)
      ? (intent.status as PaymentIntentStatus)
      : 'processing',
    clientSecret: intent.client_secret ?? '',
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/**
 * The Stripe calls of the card flow (the stripe adapter's building blocks): one customer per user,
 * cards attached to it, intents created unconfirmed with cards only and an idempotency key.
 */
export function stripeApi(stripe: Stripe) {
  return {
    async createCustomer(userId: string, email: string): Promise<string> {
      const customer = await stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },
    async attachPaymentMethod(paymentMethodId: string, customerId: string) {
      const pm = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      const billing = pm.billing_details;
      return {
        id: pm.id,
        brand: pm.card?.brand ?? 'unknown',
        last4: pm.card?.last4 ?? '',
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
        billingDetails: billing ? storedBillingDetails(billing) : null,
      };
    },
    async retrievePaymentMethod(paymentMethodId: string) {
      const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
      return { id: pm.id, customerId: typeof pm.customer === 'string' ? pm.customer : null };
    },
    async createIntent(input: {
      customerId: string;
      paymentMethodId: string;
      amountCents: number;
      currency: string;
      idempotencyKey: string;
      metadata: Record<string, string>;
    }): Promise<StripeIntentState> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          // Cards only (this SDK's API version names the list `allowed_payment_method_types`).
          automatic_payment_methods: { enabled: false },
          allowed_payment_method_types: ['card'],
          confirm: false,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return intentState(intent);
    },
    async confirmIntent(id: string): Promise<StripeIntentState> {
      return intentState(await stripe.paymentIntents.confirm(id));
    },
    async cancelIntent(id: string): Promise<StripeIntentState> {
      return intentState(await stripe.paymentIntents.cancel(id));
    },
    async retrieveIntent(id: string): Promise<StripeIntentState> {
      return intentState(await stripe.paymentIntents.retrieve(id));
    },
  };
}

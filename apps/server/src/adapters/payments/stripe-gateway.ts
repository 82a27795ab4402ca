import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import type { GatewayResult, PaymentGateway } from './payment-gateway.ts';
import { createStripeClient, stripeApi, type StripeIntentState } from './stripe-api.ts';

const result = (state: StripeIntentState): GatewayResult => ({
  status: state.status,
  failureMessage: state.failureMessage,
});

/**
 * Stripe's failures keep Stripe's message: a card error is the customer's to read (402), a bad
 * request the caller's (400), anything else Stripe's trouble (502).
 */
function asHttpError(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) throw new HttpError(402, err.message);
  if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new HttpError(400, err.message);
  if (err instanceof Stripe.errors.StripeError) throw new HttpError(502, err.message);
  throw err;
}

/**
 * Another request (a concurrent confirm, the customer's other tab) already moved the intent at
 * Stripe: its state now is the answer, not an error.
 */
const movedMeanwhile = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeInvalidRequestError &&
  err.code === 'payment_intent_unexpected_state';

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    asHttpError(err);
  }
}

/** PAYMENT_PROVIDER=stripe: the card flow at Stripe, through the SDK. */
export function createStripeGateway(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): PaymentGateway {
  const stripe = createStripeClient(config);
  const api = stripeApi(stripe);
  return {
    provider: 'stripe',
    createCustomer: (user) => call(() => api.createCustomer(user.id, user.email)),
    adoptCard: ({ customerId, paymentMethodId }) =>
      call(async () => {
        const card = await api.attachPaymentMethod(paymentMethodId, customerId);
        return { ...card, billingDetails: card.billingDetails };
      }),
    makeDefault: ({ customerId, paymentMethodId }) =>
      call(async () => {
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        });
      }),
    detachCard: (paymentMethodId) =>
      call(async () => {
        await stripe.paymentMethods.detach(paymentMethodId);
      }),
    createIntent: (input) => call(() => api.createIntent(input)),
    confirm: ({ intentId }) =>
      call(async () => {
        try {
          return result(await api.confirmIntent(intentId));
        } catch (err) {
          // A declined card: Stripe answers 402 and leaves the intent awaiting another card.
          if (err instanceof Stripe.errors.StripeCardError) {
            return { status: 'requires_payment_method' as const, failureMessage: err.message };
          }
          if (movedMeanwhile(err)) return result(await api.retrieveIntent(intentId));
          throw err;
        }
      }),
    completeAction: () =>
      Promise.reject(
        new HttpError(400, 'In stripe mode the card verification runs in Stripe.js in the browser'),
      ),
    cancel: (intentId) =>
      call(async () => {
        try {
          return result(await api.cancelIntent(intentId));
        } catch (err) {
          if (movedMeanwhile(err)) return result(await api.retrieveIntent(intentId));
          throw err;
        }
      }),
    retrieve: (intentId) => call(async () => result(await api.retrieveIntent(intentId))),
  };
}

import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { HttpError } from '../../http/errors.ts';
import type { StripeWebhookService } from './stripe-webhook.service.ts';

export interface StripeWebhookRoutesOptions {
  webhooks: StripeWebhookService;
  secretKey: string;
  webhookSecret: string;
}

/** Stripe's default tolerance for the signature's timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_FUTURE_MESSAGE =
  'Webhook signature rejected: Timestamp outside the tolerance zone (dated in the future)';

/**
 * The SDK refuses only timestamps older than the tolerance; one signed for later could be replayed
 * until then, so every `t=` of the header must also be no further ahead than the tolerance.
 */
function datedInTheFuture(signature: string, nowSeconds: number): boolean {
  return signature
    .split(',')
    .map((item) => item.trim().split('='))
    .some(([key, value]) => key === 't' && Number(value) - nowSeconds > WEBHOOK_TOLERANCE_SECONDS);
}

interface IntentObject {
  id?: unknown;
  last_payment_error?: { message?: unknown } | null;
}

/**
 * `POST /api/api/stripe-credit/webhook` (stripe mode only). The signature covers the exact bytes
 * Stripe sent, so this plugin's own content-type parser keeps the body as a raw Buffer.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookRoutesOptions> = async (
  app,
  { webhooks, secretKey, webhookSecret },
) => {
  const stripe = new Stripe(secretKey);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/stripe-credit/webhook', { schema: { hide: true } }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    const body = request.body;
    if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
      throw new HttpError(400, 'Missing Stripe signature or body');
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        body,
        signature,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Invalid signature';
      throw new HttpError(400, `Webhook signature rejected: ${message}`);
    }
    if (datedInTheFuture(signature, Math.floor(Date.now() / 1000))) {
      throw new HttpError(400, WEBHOOK_FUTURE_MESSAGE);
    }
    const object = event.data.object as IntentObject;
    const errorMessage = object.last_payment_error?.message;
    const outcome = await webhooks.applyWebhookEvent({
      id: event.id,
      type: event.type,
      intentId:
        event.type.startsWith('payment_intent.') && typeof object.id === 'string'
          ? object.id
          : null,
      failureMessage: typeof errorMessage === 'string' ? errorMessage : 'Your card was declined.',
    });
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
    return reply.code(200).send({ received: true });
  });
};

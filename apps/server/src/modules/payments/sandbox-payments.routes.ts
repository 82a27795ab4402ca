import {
  confirmPaymentResponseSchema,
  createdCardSchema,
  paymentIdParamsSchema,
  sandboxCardBodySchema,
  sandboxChallengeBodySchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type AuthGuards } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { PaymentIntentsService } from './payment-intents.service.ts';
import { confirmationView, createdCardView } from './payment-views.ts';
import type { SandboxCardsService } from './sandbox-cards.service.ts';

const security = [{ bearerAuth: [] }];

/**
 * PAYMENT_PROVIDER=sandbox only: what Stripe.js and the bank's 3-D Secure page do in stripe mode,
 * played by this server so the whole purchase can be tried without Stripe.
 */
export const sandboxPaymentsRoutes: FastifyPluginAsyncZod<{
  guards: AuthGuards;
  cards: SandboxCardsService;
  intents: PaymentIntentsService;
}> = async (app, { guards, cards, intents }) => {
  const user = { onRequest: guards.requireUser };

  app.post(
    '/sandbox/payment-methods',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: create a card payment method, as Stripe.js would',
        security,
        body: sandboxCardBodySchema,
        response: { 200: createdCardSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { billingDetails, ...card } = request.body;
      return createdCardView(await cards.create(card, billingDetails));
    },
  );

  app.post(
    '/sandbox/payment-intent/:id/3ds',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: complete or fail the 3-D Secure challenge of an intent',
        security,
        params: paymentIdParamsSchema,
        body: sandboxChallengeBodySchema,
        response: { 200: confirmPaymentResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      confirmationView(
        await intents.completeChallenge(
          currentUser(request).id,
          request.params.id,
          request.body.result === 'complete',
        ),
      ),
  );
};

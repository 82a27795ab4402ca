import {
  attachPaymentMethodBodySchema,
  cancelPaymentResponseSchema,
  confirmPaymentResponseSchema,
  creditPurchaseBodySchema,
  customerIdResponseSchema,
  paymentIdParamsSchema,
  paymentIntentStateSchema,
  paymentIntentViewSchema,
  paymentMethodDeletedResponseSchema,
  paymentMethodResponseSchema,
  paymentMethodsResponseSchema,
  paymentsConfigResponseSchema,
  pendingPaymentsResponseSchema,
  setDefaultPaymentMethodBodySchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import { currentUser, type AuthGuards } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { PaymentIntentsService } from './payment-intents.service.ts';
import type { PaymentMethodsService } from './payment-methods.service.ts';
import {
  confirmationView,
  paymentIntentView,
  paymentMethodView,
  pendingPaymentView,
} from './payment-views.ts';
import type { SandboxCardsService } from './sandbox-cards.service.ts';
import { sandboxPaymentsRoutes } from './sandbox-payments.routes.ts';

export interface PaymentsRoutesOptions {
  guards: AuthGuards;
  methods: PaymentMethodsService;
  intents: PaymentIntentsService;
  /** Sandbox mode only: the server turns a card into a payment method. */
  cards: SandboxCardsService;
  /** PAYMENT_PROVIDER: which card form the dashboard shows. */
  provider: PaymentGateway['provider'];
  /** Stripe's publishable key for Stripe.js in the browser (stripe mode). */
  publishableKey: string | null;
}

const security = [{ bearerAuth: [] }];

/** Saved cards and the payment intents of credit purchases; the sandbox's own routes with it. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { guards, methods, intents, cards, provider, publishableKey },
) => {
  // Authentication runs before body validation, so a caller without a session always gets 401.
  const user = { onRequest: guards.requireUser };

  app.get(
    '/stripe-credit/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card form the dashboard shows: the sandbox fields or Stripe.js (no token)',
        response: { 200: paymentsConfigResponseSchema },
      },
    },
    async () => ({
      provider,
      publishableKey: provider === 'stripe' ? publishableKey : null,
    }),
  );

  app.get(
    '/user/getCustomerId',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: "The signed-in user's payment customer id",
        security,
        response: { 200: customerIdResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ customerId: await methods.customerIdOf(currentUser(request)) }),
  );

  app.get(
    '/user/payment-methods',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: "The signed-in user's saved cards",
        security,
        response: { 200: paymentMethodsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await methods.list(currentUser(request).id)).map(paymentMethodView),
    }),
  );

  app.post(
    '/user/payment-methods',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Save a card created by the gateway (brand and digits come from the gateway)',
        security,
        body: attachPaymentMethodBodySchema,
        response: { 200: paymentMethodResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { paymentMethodId, isDefault } = request.body;
      const row = await methods.attach(currentUser(request), { paymentMethodId, isDefault });
      return { success: true as const, data: paymentMethodView(row) };
    },
  );

  app.put(
    '/user/payment-methods/:id',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Make a saved card the default (or not)',
        security,
        params: paymentIdParamsSchema,
        body: setDefaultPaymentMethodBodySchema,
        response: { 200: paymentMethodResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await methods.setDefault(
        currentUser(request),
        request.params.id,
        request.body.isDefault,
      );
      return { success: true as const, data: paymentMethodView(row) };
    },
  );

  app.delete(
    '/user/payment-methods/:id',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Remove a saved card',
        security,
        params: paymentIdParamsSchema,
        response: { 200: paymentMethodDeletedResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await methods.remove(currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/stripe-credit/credit-purchase',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Create a payment intent for a catalog package (amount from the catalog)',
        security,
        body: creditPurchaseBodySchema,
        response: { 200: paymentIntentViewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paymentIntentView(await intents.purchasePackage(currentUser(request), request.body)),
  );

  app.get(
    '/stripe-credit/pending-payments',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary:
          "The signed-in user's purchases that can still be completed (requires_confirmation, requires_action, processing), newest first",
        security,
        response: { 200: pendingPaymentsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await intents.listUnfinished(currentUser(request).id))
        .map(pendingPaymentView)
        .filter((view) => view !== null),
    }),
  );

  app.get(
    '/stripe-credit/payment-intent/:id',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'A payment intent of the signed-in user',
        security,
        params: paymentIdParamsSchema,
        response: { 200: paymentIntentStateSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      // In stripe mode a status check asks Stripe, so a success missed earlier is credited now.
      const intent = await intents.checkStatus(currentUser(request).id, request.params.id);
      return { ...paymentIntentView(intent), message: intent.failureMessage };
    },
  );

  app.post(
    '/stripe-credit/payment-intent/:id/cancel',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Cancel a payment intent that has not succeeded',
        security,
        params: paymentIdParamsSchema,
        response: { 200: cancelPaymentResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const intent = await intents.cancel(currentUser(request).id, request.params.id);
      return { success: true as const, status: intent.status };
    },
  );

  app.post(
    '/stripe-credit/payment-intent/:id/confirm',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Confirm (charge) a payment intent; credits once on success',
        security,
        params: paymentIdParamsSchema,
        response: { 200: confirmPaymentResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      confirmationView(await intents.confirm(currentUser(request).id, request.params.id)),
  );

  if (provider === 'sandbox') {
    await app.register(sandboxPaymentsRoutes, { guards, cards, intents });
  }
};

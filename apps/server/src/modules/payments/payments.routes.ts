import { paymentsConfigResponseSchema } from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { currentUser, type AuthGuards } from '../auth/auth.guard.ts';
import { errorResponses } from '../auth/auth.routes.ts';
import {
  attachPaymentMethod,
  cancelIntent,
  completeAction,
  confirmIntent,
  createPurchase,
  createSandboxPaymentMethod,
  deletePaymentMethod,
  ensureCustomer,
  reconcileIntent,
  getIntent,
  listPaymentMethods,
  paymentIntentView,
  paymentMethodView,
  setDefaultPaymentMethod,
} from './payments.service.ts';

export interface PaymentsRoutesOptions {
  db: Db;
  guards: AuthGuards;
  gateway: PaymentGateway;
  /** Stripe's publishable key for Stripe.js in the browser (stripe mode). */
  publishableKey: string | null;
  /** Receipts are queued where a purchase is credited. */
  jobs: JobSender;
}

const id = z.string().trim().min(1).max(200);
const idParams = z.object({ id });

const paymentMethodSchema = z.object({
  id: z.string(),
  paymentMethodId: z.string(),
  cardBrand: z.string(),
  last4: z.string(),
  expMonth: z.string(),
  expYear: z.string(),
  isDefault: z.boolean(),
  cardholderName: z.string(),
});

const paymentIntentSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});

const confirmResponseSchema = z.object({
  success: z.boolean(),
  status: z.string(),
  message: z.string().optional(),
});

const text = (max: number) => z.string().trim().max(max).nullish();
const billingDetailsSchema = z
  .object({
    name: text(200),
    email: text(320),
    phone: text(40),
    address: z
      .object({
        line1: text(200),
        line2: text(200),
        city: text(120),
        state: text(120),
        postal_code: text(20),
        country: text(2),
      })
      .nullish(),
  })
  .optional();

const security = [{ bearerAuth: [] }];

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { db, jobs, guards, gateway, publishableKey },
) => {
  // Authentication runs before body validation, so a caller without a session always gets 401.
  const user = { onRequest: guards.requireUser };

  app.get(
    '/api/api/stripe-credit/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card form the dashboard shows: the sandbox fields or Stripe.js (no token)',
        response: { 200: paymentsConfigResponseSchema },
      },
    },
    async () => ({
      provider: gateway.provider,
      publishableKey: gateway.provider === 'stripe' ? publishableKey : null,
    }),
  );

  app.get(
    '/api/api/user/getCustomerId',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: "The signed-in user's payment customer id",
        security,
        response: { 200: z.object({ customerId: z.string() }), ...errorResponses(401) },
      },
    },
    async (request) => ({ customerId: await ensureCustomer(db, gateway, currentUser(request)) }),
  );

  app.get(
    '/api/api/user/payment-methods',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: "The signed-in user's saved cards",
        security,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(paymentMethodSchema) }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await listPaymentMethods(db, currentUser(request).id)).map(paymentMethodView),
    }),
  );

  app.post(
    '/api/api/user/payment-methods',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Save a card created by the gateway (brand and digits come from the gateway)',
        security,
        body: z.object({
          paymentMethodId: id,
          cardBrand: z.string().max(40).optional(),
          last4: z.string().max(4).optional(),
          expMonth: z.union([z.string().max(2), z.number().int()]).optional(),
          expYear: z.union([z.string().max(4), z.number().int()]).optional(),
          isDefault: z.boolean().default(false),
        }),
        response: {
          200: z.object({ success: z.literal(true), data: paymentMethodSchema }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const row = await attachPaymentMethod(db, gateway, currentUser(request), {
        paymentMethodId: request.body.paymentMethodId,
        isDefault: request.body.isDefault,
      });
      return { success: true as const, data: paymentMethodView(row) };
    },
  );

  app.put(
    '/api/api/user/payment-methods/:id',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Make a saved card the default (or not)',
        security,
        params: idParams,
        body: z.object({ isDefault: z.boolean() }),
        response: {
          200: z.object({ success: z.literal(true), data: paymentMethodSchema }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const row = await setDefaultPaymentMethod(
        db,
        gateway,
        currentUser(request),
        request.params.id,
        request.body.isDefault,
      );
      return { success: true as const, data: paymentMethodView(row) };
    },
  );

  app.delete(
    '/api/api/user/payment-methods/:id',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Remove a saved card',
        security,
        params: idParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await deletePaymentMethod(db, gateway, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/api/stripe-credit/credit-purchase',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Create a payment intent for a catalog package (amount from the catalog)',
        security,
        body: z.object({
          packageId: id,
          paymentMethodId: id,
          confirmImmediately: z.boolean().default(false),
        }),
        response: { 200: paymentIntentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paymentIntentView(
        await createPurchase(db, jobs, gateway, currentUser(request), request.body),
      ),
  );

  app.get(
    '/api/api/stripe-credit/payment-intent/:id',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'A payment intent of the signed-in user',
        security,
        params: idParams,
        response: {
          200: paymentIntentSchema.extend({ message: z.string().nullable() }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // In stripe mode a status check asks Stripe, so a success missed earlier is credited now.
      const intent =
        gateway.provider === 'stripe'
          ? await reconcileIntent(
              db,
              jobs,
              async (intentId) => (await gateway.retrieve(intentId))!,
              userId,
              request.params.id,
            )
          : await getIntent(db, userId, request.params.id);
      return { ...paymentIntentView(intent), message: intent.failureMessage };
    },
  );

  app.post(
    '/api/api/stripe-credit/payment-intent/:id/cancel',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Cancel a payment intent that has not succeeded',
        security,
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), status: z.string() }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const intent = await cancelIntent(
        db,
        jobs,
        gateway,
        currentUser(request).id,
        request.params.id,
      );
      return { success: true as const, status: intent.status };
    },
  );

  app.post(
    '/api/api/stripe-credit/payment-intent/:id/confirm',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Confirm (charge) a payment intent; credits once on success',
        security,
        params: idParams,
        response: { 200: confirmResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const result = await confirmIntent(
        db,
        jobs,
        gateway,
        currentUser(request).id,
        request.params.id,
      );
      return {
        success: result.intent.status === 'succeeded',
        status: result.intent.status,
        ...(result.message ? { message: result.message } : {}),
      };
    },
  );

  if (gateway.provider !== 'sandbox') return;

  app.post(
    '/api/api/sandbox/payment-methods',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: create a card payment method, as Stripe.js would',
        security,
        body: z.object({
          number: z.string().max(40),
          expMonth: z.coerce.number().int(),
          expYear: z.coerce.number().int(),
          cvc: z.string().max(8),
          billingDetails: billingDetailsSchema,
        }),
        response: {
          200: z.object({
            id: z.string(),
            brand: z.string(),
            last4: z.string(),
            expMonth: z.number().int(),
            expYear: z.number().int(),
          }),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const { billingDetails, ...card } = request.body;
      const address = billingDetails?.address;
      const row = await createSandboxPaymentMethod(
        db,
        card,
        billingDetails
          ? {
              name: billingDetails.name ?? null,
              email: billingDetails.email ?? null,
              phone: billingDetails.phone ?? null,
              address: address
                ? {
                    line1: address.line1 ?? null,
                    line2: address.line2 ?? null,
                    city: address.city ?? null,
                    state: address.state ?? null,
                    postalCode: address.postal_code ?? null,
                    country: address.country ?? null,
                  }
                : null,
            }
          : undefined,
      );
      return {
        id: row.id,
        brand: row.brand,
        last4: row.last4,
        expMonth: row.expMonth,
        expYear: row.expYear,
      };
    },
  );

  app.post(
    '/api/api/sandbox/payment-intent/:id/3ds',
    {
      ...user,
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: complete or fail the 3-D Secure challenge of an intent',
        security,
        params: idParams,
        body: z.object({ result: z.enum(['complete', 'fail']) }),
        response: { 200: confirmResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const result = await completeAction(
        db,
        jobs,
        gateway,
        currentUser(request).id,
        request.params.id,
        request.body.result === 'complete',
      );
      return {
        success: result.intent.status === 'succeeded',
        status: result.intent.status,
        ...(result.message ? { message: result.message } : {}),
      };
    },
  );
};

import { z } from 'zod';

/**
 * GET /api/api/stripe-credit/config (no token): which card form the dashboard shows: the
 * sandbox's own card fields, or Stripe Elements with the publishable key.
 */
export const paymentsConfigResponseSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;

/** A payment method's or a payment intent's id, in a path or a body. */
export const paymentIdSchema = z.string().trim().min(1).max(200);
export const paymentIdParamsSchema = z.object({ id: paymentIdSchema });

/** GET /api/api/user/getCustomerId */
export const customerIdResponseSchema = z.object({ customerId: z.string() });

/** A saved card as GET /api/api/user/payment-methods lists it. */
export const paymentMethodViewSchema = z.object({
  id: z.string(),
  paymentMethodId: z.string(),
  cardBrand: z.string(),
  last4: z.string(),
  expMonth: z.string(),
  expYear: z.string(),
  isDefault: z.boolean(),
  cardholderName: z.string(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

export const paymentMethodsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(paymentMethodViewSchema),
});

export const paymentMethodResponseSchema = z.object({
  success: z.literal(true),
  data: paymentMethodViewSchema,
});

export const paymentMethodDeletedResponseSchema = z.object({ success: z.literal(true) });

/**
 * POST /api/api/user/payment-methods: saves a card the gateway created. Brand, digits and expiry
 * are read back from the gateway; the client's copies are accepted and ignored.
 */
export const attachPaymentMethodBodySchema = z.object({
  paymentMethodId: paymentIdSchema,
  cardBrand: z.string().max(40).optional(),
  last4: z.string().max(4).optional(),
  expMonth: z.union([z.string().max(2), z.number().int()]).optional(),
  expYear: z.union([z.string().max(4), z.number().int()]).optional(),
  isDefault: z.boolean().default(false),
});

/** PUT /api/api/user/payment-methods/{id} */
export const setDefaultPaymentMethodBodySchema = z.object({ isDefault: z.boolean() });

/** The payment intent of a purchase as the client sees it. */
export const paymentIntentViewSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type PaymentIntentView = z.infer<typeof paymentIntentViewSchema>;

/** GET /api/api/stripe-credit/payment-intent/{id}: the intent and why its last charge failed. */
export const paymentIntentStateSchema = paymentIntentViewSchema.extend({
  message: z.string().nullable(),
});

/** POST /api/api/stripe-credit/credit-purchase: amount and credits come from the catalog. */
export const creditPurchaseBodySchema = z.object({
  packageId: paymentIdSchema,
  paymentMethodId: paymentIdSchema,
  confirmImmediately: z.boolean().default(false),
});

/** The answer of a confirmation or of a 3-D Secure challenge. */
export const confirmPaymentResponseSchema = z.object({
  success: z.boolean(),
  status: z.string(),
  message: z.string().optional(),
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponseSchema>;

export const cancelPaymentResponseSchema = z.object({
  success: z.literal(true),
  status: z.string(),
});

const billingText = (max: number) => z.string().trim().max(max).nullish();

/** A card's billing details in Stripe's shape, as Stripe.js and the sandbox take them. */
export const billingDetailsSchema = z.object({
  name: billingText(200),
  email: billingText(320),
  phone: billingText(40),
  address: z
    .object({
      line1: billingText(200),
      line2: billingText(200),
      city: billingText(120),
      state: billingText(120),
      postal_code: billingText(20),
      country: billingText(2),
    })
    .nullish(),
});
/** What a client sends; the server reads it as {@link BillingDetailsReceived}. */
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
export type BillingDetailsReceived = z.output<typeof billingDetailsSchema>;

/** POST /api/api/sandbox/payment-methods (sandbox only): the card, as Stripe.js would take it. */
export const sandboxCardBodySchema = z.object({
  number: z.string().max(40),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().max(8),
  billingDetails: billingDetailsSchema.optional(),
});

/** A card the gateway created from what the customer typed: all the server keeps of it. */
export const createdCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CreatedCard = z.infer<typeof createdCardSchema>;

/** POST /api/api/sandbox/payment-intent/{id}/3ds (sandbox only). */
export const sandboxChallengeBodySchema = z.object({ result: z.enum(['complete', 'fail']) });
export type SandboxChallengeResult = z.infer<typeof sandboxChallengeBodySchema>['result'];

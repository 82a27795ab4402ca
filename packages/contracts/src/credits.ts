import { z } from 'zod';

/** GET /api/api/user/credit */
export const creditBalanceResponseSchema = z.object({
  creditBalance: z.number().int().min(0),
});
export type CreditBalanceResponse = z.infer<typeof creditBalanceResponseSchema>;

/** One purchase in GET /api/api/user/credit-history (docs/payments-api.md). */
export const creditHistoryItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  description: z.string(),
  credit: z.number().int(),
  /** Integer cents. */
  amount: z.number().int(),
  status: z.string(),
});
export type CreditHistoryItem = z.infer<typeof creditHistoryItemSchema>;

export const creditHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(creditHistoryItemSchema),
});
export type CreditHistoryResponse = z.infer<typeof creditHistoryResponseSchema>;

/**
 * GET /api/api/stripe-credit/config (no token): which card form the dashboard shows: the
 * sandbox's own card fields, or Stripe Elements with the publishable key.
 */
export const paymentsConfigResponseSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;

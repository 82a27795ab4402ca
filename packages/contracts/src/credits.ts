import { z } from 'zod';

/** GET /api/api/user/credit */
export const creditBalanceResponseSchema = z.object({
  creditBalance: z.number().int().min(0),
});

/** A purchase's description where its package had none (docs/product-rules.md). */
export const CREDIT_PURCHASE_FALLBACK = 'Credit Purchase';

export function purchaseDescription(description: string | null | undefined): string {
  return description || CREDIT_PURCHASE_FALLBACK;
}

/** One purchase in GET /api/api/user/credit-history (docs/payments-api.md). */
export const creditHistoryItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  description: z.string(),
  credit: z.number().int(),
  /** Integer cents. */
  amount: z.number().int(),
  /** The payment intent's status; its label is `purchaseStatusLabel` (purchase-status.ts). */
  status: z.string(),
  /** Why the card was declined, when it was. */
  message: z.string().nullable(),
});
export type CreditHistoryItem = z.infer<typeof creditHistoryItemSchema>;

export const creditHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(creditHistoryItemSchema),
});

import { z } from 'zod';

export const creditPackageSchema = z.object({
  packageId: z.string(),
  description: z.string(),
  amount: z.number().int().describe('price in cents'),
  currency: z.string(),
  creditAmount: z.number().int().positive(),
  priceDisplay: z.string(),
  popular: z.boolean().describe('marked POPULAR / Best Value'),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const creditPackagesResponseSchema = z.object({
  success: z.literal(true),
  packages: z.array(creditPackageSchema),
});

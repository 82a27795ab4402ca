import { z } from 'zod';

/** `GET /api/api/public-config`: what the public pages show of the server's configuration. */
export const publicConfigSchema = z.object({
  productName: z.string().min(1),
  contactEmail: z.string().min(1),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

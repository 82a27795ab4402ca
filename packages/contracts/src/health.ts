import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  message: z.string().optional(),
});

/** GET /api/api/ready: whether the instance takes traffic, and each check behind the answer. */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  checks: z.object({
    migrations: z.boolean(),
    decodeIndex: z.boolean(),
    jobQueue: z.boolean(),
    storage: z.boolean(),
  }),
});

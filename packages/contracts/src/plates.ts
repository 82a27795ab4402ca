import { z } from 'zod';
import { PLATE_MAX_LENGTH } from './limits.ts';
import { US_STATES } from './states.ts';

/** 1-10 of A-Z, 0-9, space or dash, after upper-casing and trimming (server and client alike). */
export const PLATE_PATTERN = new RegExp(`^[A-Z0-9 -]{1,${PLATE_MAX_LENGTH}}$`);

export function normalizePlate(input: string): string {
  return input.trim().toUpperCase();
}

export const PLATE_VALIDATION_MESSAGES = {
  plate: `Plate must be 1 to ${PLATE_MAX_LENGTH} letters, digits, spaces or dashes.`,
  state: 'State must be one of the 50 US states or DC, by two-letter code.',
} as const;

const STATE_CODES = new Set(US_STATES.map((s) => s.code));

export const plateParamsSchema = z.object({
  plate: z
    .string()
    .transform(normalizePlate)
    .refine((p) => PLATE_PATTERN.test(p), PLATE_VALIDATION_MESSAGES.plate),
  state: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => STATE_CODES.has(s), PLATE_VALIDATION_MESSAGES.state),
});

/** GET /api/api/license-plate/search/{plate}/{state}. */
export const plateSearchResponseSchema = z.object({
  success: z.boolean(),
  found: z.boolean(),
  vin: z.string().nullable(),
  error: z.string().nullable(),
  state: z.string(),
  plateNumber: z.string(),
  message: z.string(),
  /** True when answered from the cache without asking the provider. */
  cached: z.boolean(),
});
export type PlateSearchResponse = z.infer<typeof plateSearchResponseSchema>;

export const plateStatesResponseSchema = z.object({
  success: z.literal(true),
  states: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type PlateStatesResponse = z.infer<typeof plateStatesResponseSchema>;

/** GET /api/api/license-plate/health (no token). */
export const plateHealthResponseSchema = z.object({
  success: z.boolean(),
  provider: z.string(),
  reachable: z.boolean(),
  message: z.string(),
});
export type PlateHealthResponse = z.infer<typeof plateHealthResponseSchema>;

import { z } from 'zod';
import { PLATE_MAX_LENGTH } from './limits.ts';
import { US_STATES } from './states.ts';

/** 1-10 of A-Z and 0-9, once normalised (server and client alike). */
export const PLATE_PATTERN = new RegExp(`^[A-Z0-9]{1,${PLATE_MAX_LENGTH}}$`);

/** A plate as written, with room for the separators normalisation drops. */
const PLATE_INPUT_MAX_LENGTH = 2 * PLATE_MAX_LENGTH;

/**
 * A plate as the cache and the provider know it: "7 abc-123" and "7ABC123" are one plate (and
 * one paid lookup), so spaces, dashes and dots go and letters are upper case.
 */
export function normalizePlate(input: string): string {
  return input.toUpperCase().replace(/[\s.-]/g, '');
}

export const PLATE_VALIDATION_MESSAGES = {
  plate: `Plate must be 1 to ${PLATE_MAX_LENGTH} letters or digits (spaces, dashes and dots aside).`,
  state: 'State must be one of the 50 US states or DC, by two-letter code.',
} as const;

const STATE_CODES = new Set(US_STATES.map((s) => s.code));

export const plateParamsSchema = z.object({
  plate: z
    .string()
    .max(PLATE_INPUT_MAX_LENGTH, PLATE_VALIDATION_MESSAGES.plate)
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
});
export type PlateSearchResponse = z.infer<typeof plateSearchResponseSchema>;

export const plateStatesResponseSchema = z.object({
  success: z.literal(true),
  states: z.array(z.object({ code: z.string(), name: z.string() })),
});

/** GET /api/api/license-plate/health (no token). */
export const plateHealthResponseSchema = z.object({
  success: z.boolean(),
  provider: z.string(),
  /** null: not checked, the provider having no probe that is not billed. */
  reachable: z.boolean().nullable(),
  message: z.string(),
});

import { z } from 'zod';
import {
  MODEL_YEAR_MAX,
  MODEL_YEAR_MIN,
  formatSchema,
  modelYearSchema,
  vinInputSchema,
} from './decode.ts';
import { API_MESSAGES } from './messages.ts';

/**
 * Requests and answers of the vPIC list endpoints (`/api/vehicles/...`, vPIC's paths and
 * parameters). Query parameter names are matched whatever their case, as vPIC does.
 */

export const VPIC_API_MESSAGES = {
  /** vPIC's own wording for a list answer. */
  listAnswered: 'Response returned successfully',
  notOffline: (endpoint: string) =>
    `${endpoint}: this data is not in the offline vPIC data; this server answers it only when it may ask the live vPIC service (VPIC_URL).`,
  liveFailed: 'The live vPIC service failed to answer.',
  liveTimedOut: 'The live vPIC service did not answer in time.',
  idExpected: 'expected a whole number from 1 to 2147483647',
  pageExpected: 'expected a page number from 1',
  manufacturerOrVehicleType: 'give a manufacturer or a vehicleType',
} as const;

/** An id in a path or query: vPIC's ids are 32-bit integers. */
const vpicIdSchema = z.coerce
  .number({ error: VPIC_API_MESSAGES.idExpected })
  .int({ error: VPIC_API_MESSAGES.idExpected })
  .min(1, { error: VPIC_API_MESSAGES.idExpected })
  .max(2_147_483_647, { error: VPIC_API_MESSAGES.idExpected });

const modelYearMessage = API_MESSAGES.modelYearExpected(MODEL_YEAR_MIN, MODEL_YEAR_MAX);

/** A model year that must be given (missing or blank is no year). */
const requiredModelYearSchema = z.coerce
  .number({ error: modelYearMessage })
  .int({ error: modelYearMessage })
  .min(MODEL_YEAR_MIN, { error: modelYearMessage })
  .max(MODEL_YEAR_MAX, { error: modelYearMessage });

export const vpicFormatQuerySchema = z.object({ format: formatSchema });

const text = (description: string) => z.string().describe(description);

export const vpicVinParamsSchema = z.object({
  vin: vinInputSchema.describe('A VIN or its first characters'),
});
export const vpicWmiParamsSchema = z.object({
  wmi: text('3 characters (VIN positions 1-3) or 6 (positions 1-3 and 12-14)'),
});
export const vpicMakeParamsSchema = z.object({
  make: text('A part of the make name, any case (vPIC matches LIKE)'),
});
export const vpicMakeIdParamsSchema = z.object({ makeId: vpicIdSchema });
export const vpicManufacturerParamsSchema = z.object({
  manufacturer: text('A manufacturer id, or a part of its name, any case'),
});
export const vpicVehicleTypeParamsSchema = z.object({
  vehicleType: text('A part of the vehicle type name, e.g. `car`, `truck`, `moto`'),
});
export const vpicVariableParamsSchema = z.object({
  variable: text('A variable id or its full name, any case, e.g. `Battery Type` or `2`'),
});

export const vpicModelYearParamsSchema = z.object({ year: requiredModelYearSchema });

export const vpicManufacturersQuerySchema = z.object({
  format: formatSchema,
  page: z.coerce
    .number({ error: VPIC_API_MESSAGES.pageExpected })
    .int({ error: VPIC_API_MESSAGES.pageExpected })
    .min(1, { error: VPIC_API_MESSAGES.pageExpected })
    .max(1_000_000, { error: VPIC_API_MESSAGES.pageExpected })
    .optional(),
  manufacturertype: z
    .string()
    .optional()
    .describe('A manufacturer type; not in the offline data: answered by the live service'),
});

export const vpicYearQuerySchema = z.object({
  format: formatSchema,
  year: requiredModelYearSchema,
});

export const vpicWmisQuerySchema = z.object({
  format: formatSchema,
  vehicletype: z.string().optional().describe('A vehicle type id, or a part of its name'),
});

export const vpicDecodeQuerySchema = z.object({
  format: formatSchema,
  modelyear: modelYearSchema.describe('Model year to decode for'),
});

/** Every vPIC answer: Count, Message, SearchCriteria and Results with vPIC's field names. */
export const vpicAnswerSchema = z.object({
  Count: z.number().int(),
  Message: z.string(),
  SearchCriteria: z.string().nullable(),
  Results: z.array(z.record(z.string(), z.unknown())),
});
export type VpicAnswer = z.infer<typeof vpicAnswerSchema>;

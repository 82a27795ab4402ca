import { z } from 'zod';
import { API_MESSAGES } from './messages.ts';

/**
 * The variables of one vPIC DecodeVinValues result we always answer (vPIC names, string values,
 * '' when unknown). Other variables the data determines may be present as well.
 */
export const VPIC_CORE_VARIABLES = [
  'VIN',
  'ErrorCode',
  'ErrorText',
  'SuggestedVIN',
  'Make',
  'Model',
  'ModelYear',
  'Manufacturer',
  'Series',
  'Trim',
  'BodyClass',
  'Doors',
  'DriveType',
  'EngineModel',
  'EngineCylinders',
  'DisplacementL',
  'FuelTypePrimary',
  'TransmissionStyle',
  'GVWR',
  'PlantCountry',
  'VehicleType',
] as const;

export const vpicResultSchema = z.record(z.string(), z.string());
export type VpicResult = Record<string, string>;

/** Model years a decode request may name; vPIC's data starts in 1981, earlier ones find nothing. */
export const MODEL_YEAR_MIN = 1900;
export const MODEL_YEAR_MAX = 2100;

const modelYearMessage = API_MESSAGES.modelYearExpected(MODEL_YEAR_MIN, MODEL_YEAR_MAX);

/** Parses a model year as typed in a query or a batch entry; blank means none. */
export const modelYearSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce
    .number({ error: modelYearMessage })
    .int({ error: modelYearMessage })
    .min(MODEL_YEAR_MIN, { error: modelYearMessage })
    .max(MODEL_YEAR_MAX, { error: modelYearMessage })
    .optional(),
);

const formatSchema = z
  .string()
  .optional()
  .refine((v) => v === undefined || v.trim().toLowerCase() === 'json', {
    error: API_MESSAGES.decodeFormatJsonOnly,
  })
  .describe("Only `json` (vPIC's xml and csv are not offered); may be left out");

export const decodeVinParamsSchema = z.object({
  vin: z
    .string()
    .describe('A VIN or its first characters; case and surrounding spaces do not matter'),
});

export const decodeVinQuerySchema = z.object({
  format: formatSchema,
  modelyear: modelYearSchema.describe(
    'Model year to decode for, when position 10 cannot tell it (e.g. a partial VIN)',
  ),
});

/** A request without a body is told what DATA should hold, like one with an empty form. */
export const decodeBatchBodySchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    DATA: z
      .string({ error: API_MESSAGES.batchDataExpected })
      .describe('VINs separated by `;`, each optionally followed by `,<model year>`'),
    format: formatSchema,
  }),
);

export const decodeResponseSchema = z.object({
  Count: z.number().int(),
  Message: z.string(),
  SearchCriteria: z.string(),
  Results: z.array(vpicResultSchema),
});
export type DecodeResponse = z.infer<typeof decodeResponseSchema>;

/** vPIC's error codes as used by our decode service. */
export const VPIC_ERRORS = {
  clean: { code: '0', text: '0 - VIN decoded clean. Check Digit (9th position) is correct' },
  checkDigit: {
    code: '1',
    text: '1 - Check Digit (9th position) does not calculate properly',
  },
  fewPositions: {
    code: '5',
    text: '5 - VIN has errors in few positions',
  },
  incomplete: {
    code: '6',
    text: '6 - Incomplete VIN',
  },
  manufacturerUnknown: {
    code: '7',
    text: '7 - Manufacturer is not registered with NHTSA for sale or importation in the U.S. for use on U.S roads; Please contact the manufacturer directly for more information',
  },
  noDetailedData: {
    code: '8',
    text: '8 - No detailed data available currently',
  },
  modelYearCode: {
    code: '11',
    text: '11 - Incorrect Model Year - Position 10 does not match valid model year codes (I, O, Q, U, Z, 0). Decoded data may not be accurate.',
  },
  invalidCharacters: {
    code: '400',
    text: '400 - Invalid Characters Present',
  },
} as const;

/** What the Vehicle Found modal shows; 'Unknown' stands for anything the data lacks. */
export interface VehicleSummary {
  vin: string;
  make: string;
  model: string;
  year: string;
  engine: string;
  transmission: string;
  bodyClass: string;
  fuelType: string;
}

export const UNKNOWN = 'Unknown';

function known(value: string | undefined): string {
  const v = (value ?? '').trim();
  return v === '' || v === 'Not Applicable' ? UNKNOWN : v;
}

function describeEngine(r: VpicResult): string {
  const parts: string[] = [];
  const litres = Number(r.DisplacementL);
  if (r.DisplacementL && Number.isFinite(litres)) parts.push(`${litres.toFixed(1)}L`);
  if (r.EngineCylinders) parts.push(`${r.EngineCylinders} cyl`);
  if (r.EngineModel) parts.push(r.EngineModel);
  return parts.length > 0 ? parts.join(' ') : UNKNOWN;
}

export function toVehicleSummary(vin: string, r: VpicResult): VehicleSummary {
  return {
    vin,
    make: known(r.Make),
    model: known(r.Model),
    year: known(r.ModelYear),
    engine: describeEngine(r),
    transmission: known(r.TransmissionStyle),
    bodyClass: known(r.BodyClass),
    fuelType: known(r.FuelTypePrimary),
  };
}

import { z } from 'zod';
import { DECODE_BATCH_MAX } from './limits.ts';
import { API_MESSAGES } from './messages.ts';
import { VIN_INPUT_MAX } from './vin.ts';

/** Every VIN-shaped input of every endpoint (VIN_INPUT_MAX). */
export const vinInputSchema = z
  .string()
  .max(VIN_INPUT_MAX, { error: API_MESSAGES.vinTooLong(VIN_INPUT_MAX) });

/** A batch's DATA: DECODE_BATCH_MAX entries of a VIN, a model year and room for spaces. */
export const DECODE_BATCH_DATA_MAX = DECODE_BATCH_MAX * (VIN_INPUT_MAX + 16);

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

/** The answer formats vPIC offers; `json` when left out (vPIC itself answers xml then). */
const VPIC_FORMATS = ['json', 'xml', 'csv'] as const;
export type VpicFormat = (typeof VPIC_FORMATS)[number];

export const formatSchema = z
  .string()
  .optional()
  .transform((v, ctx): VpicFormat => {
    const format = (v ?? 'json').trim().toLowerCase();
    if ((VPIC_FORMATS as readonly string[]).includes(format)) return format as VpicFormat;
    ctx.addIssue({ code: 'custom', message: API_MESSAGES.decodeFormatUnknown });
    return z.NEVER;
  })
  .describe('`json` (the default here), `xml` or `csv`, as vPIC answers them');

export const decodeVinParamsSchema = z.object({
  vin: vinInputSchema.describe(
    'A VIN or its first characters; case and surrounding spaces do not matter',
  ),
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
      .max(DECODE_BATCH_DATA_MAX, { error: API_MESSAGES.batchDataTooLong(DECODE_BATCH_DATA_MAX) })
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

/**
 * vPIC's error codes as a person would say them, for the landing page (the API keeps vPIC's own
 * ErrorCode and ErrorText). Code 8 (no detailed data) is no failure of the VIN, so it has none.
 */
const VIN_PROBLEMS: Record<string, string> = {
  [VPIC_ERRORS.checkDigit.code]:
    'The 9th character (check digit) does not match: please check the VIN',
  [VPIC_ERRORS.fewPositions.code]: 'Some characters of this VIN are not valid: please check it',
  [VPIC_ERRORS.incomplete.code]: 'This VIN is incomplete: a VIN has 17 characters',
  [VPIC_ERRORS.manufacturerUnknown.code]:
    'The first characters name no manufacturer registered for sale in the U.S.: please check the VIN',
  [VPIC_ERRORS.modelYearCode.code]:
    'The 10th character (model year) is not a valid year code: please check the VIN',
  [VPIC_ERRORS.invalidCharacters.code]:
    'The VIN contains characters a VIN never has (such as I, O or Q): please check it',
};

/**
 * The landing page's words for a failed decode, from vPIC's comma-separated ErrorCode: the first
 * code with a wording, else vPIC's own text.
 */
export function vinProblemText(errorCode: string | undefined, errorText: string | undefined) {
  const codes = (errorCode ?? '').split(',').map((c) => c.trim());
  const known = codes.map((c) => VIN_PROBLEMS[c]).find((text) => text !== undefined);
  return known ? `${known}.` : errorText || 'Invalid VIN number';
}

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

/** A vPIC value as shown to people: 'Unknown' when blank or "Not Applicable". */
export function knownVpicValue(value: string | undefined): string {
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
    make: knownVpicValue(r.Make),
    model: knownVpicValue(r.Model),
    year: knownVpicValue(r.ModelYear),
    engine: describeEngine(r),
    transmission: knownVpicValue(r.TransmissionStyle),
    bodyClass: knownVpicValue(r.BodyClass),
    fuelType: knownVpicValue(r.FuelTypePrimary),
  };
}

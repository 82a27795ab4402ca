import { z } from 'zod';

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
  incomplete: {
    code: '6',
    text: '6 - Incomplete VIN',
  },
  manufacturerUnknown: {
    code: '7',
    text: '7 - Manufacturer is not registered with NHTSA for sale or importation in the U.S. for use on U.S roadways; Please contact the manufacturer directly for more information',
  },
  noDetailedData: {
    code: '8',
    text: '8 - No detailed data available currently',
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

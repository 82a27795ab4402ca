import { VIN_LENGTH, VPIC_ERRORS, type VpicResult } from '@vr/contracts';
import { chooseVariables, wildcardCandidates, type Candidate } from './pattern-variables.ts';
import { describeInvalidCharacters, suggestedVin, type VinInspection } from './vin-inspection.ts';
import type { VpicReferenceData, WmiRecord } from './vpic-reference-data.ts';

type VpicErrorKind = keyof typeof VPIC_ERRORS;

/** What a pattern lookup needs: a registered WMI and a model year. */
export interface PatternQuery {
  wmi: string;
  modelYear: number;
}

/** The lookup a VIN allows, or none when its WMI is unknown or its model year undetermined. */
export function patternQueryOf(
  inspection: VinInspection,
  reference: VpicReferenceData,
): PatternQuery | undefined {
  const { wmi, modelYear } = inspection;
  if (wmi === undefined || modelYear === undefined || !reference.wmis.has(wmi)) return undefined;
  return { wmi, modelYear };
}

/**
 * What a VIN's schemas give it: one value per vPIC variable, the manufacturer's variables
 * included, and whether any of them is detailed data. It depends on the WMI, the model year and
 * the characters the patterns read, nothing else of the VIN, so VINs of one configuration share
 * it (docs/decisions/0035-decode-configurations.md).
 */
export interface PatternAnswer {
  variables: Readonly<Record<string, string>>;
  detailed: boolean;
}

/**
 * The pattern answer from the candidates the WMI's schemas gave for the query; surfaced
 * candidates (elements the corgi-based decoder dropped) add variables but do not count as
 * detailed data, so the error codes stay what they were.
 */
export function patternAnswer(
  reference: VpicReferenceData,
  query: PatternQuery,
  patternCandidates: readonly Candidate[],
  surfaced: readonly Candidate[] = [],
): PatternAnswer {
  const candidates = [
    ...patternCandidates,
    ...wildcardCandidates(reference.wildcardPatterns.get(query.wmi) ?? [], query.modelYear),
  ];
  const { conversions, modelSchemas } = reference;
  const detailed = chooseVariables(candidates, modelSchemas, conversions);
  const fromPatterns =
    surfaced.length === 0
      ? detailed
      : chooseVariables([...candidates, ...surfaced], modelSchemas, conversions);
  const answer = { variables: fromPatterns, detailed: Object.keys(detailed).length > 0 };
  const wmi = reference.wmis.get(query.wmi);
  // chooseVariables made `fromPatterns` for this answer alone.
  if (wmi) Object.assign(fromPatterns, manufacturerVariables(wmi, fromPatterns.Make));
  return answer;
}

/**
 * The vPIC answer for a VIN: whatever its valid characters determine, from its pattern answer
 * (undefined when no lookup was possible), and ErrorCode/ErrorText for what is wrong with it.
 * Every decoder of the offline data answers through here.
 */
export function answerVpic(
  reference: VpicReferenceData,
  inspection: VinInspection,
  found: PatternAnswer | undefined,
): VpicResult {
  const errors = structuralErrors(inspection);
  const wmi = inspection.wmi === undefined ? undefined : reference.wmis.get(inspection.wmi);
  if (inspection.wmi !== undefined && !wmi) errors.push('manufacturerUnknown');
  // With part of positions 4–8 missing, finding nothing says more about the input than the data.
  const descriptorKnown = inspection.known.slice(3, 8).every((ch) => ch !== undefined);
  if (found && descriptorKnown && !found.detailed) errors.push('noDetailedData');

  return {
    ...(found?.variables ?? (wmi ? manufacturerVariables(wmi, undefined) : {})),
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

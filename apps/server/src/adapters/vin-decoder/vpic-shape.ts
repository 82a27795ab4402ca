import { z } from 'zod';
import { VPIC_CORE_VARIABLES, type VpicAnswer } from '@vr/contracts';

/**
 * The field names of vPIC's answers, from its API documentation: each list endpoint's record
 * fields (lists inside records included: VehicleTypes, Specs, ManufacturerTypes) and the fields
 * of a decode that are no variable code. A decode's variables are the offline data's element
 * codes, added by `vpicFieldNames`.
 */
const DOCUMENTED_FIELDS = [
  // DecodeVinValues besides the variables
  'VIN',
  'ErrorCode',
  'ErrorText',
  'AdditionalErrorText',
  'SuggestedVIN',
  'PossibleValues',
  'VehicleDescriptor',
  'MakeID',
  'ModelID',
  'ManufacturerId',
  ...VPIC_CORE_VARIABLES,
  // DecodeWMI, GetWMIsForManufacturer
  'CommonName',
  'CreatedOn',
  'DateAvailableToPublic',
  'ManufacturerName',
  'ParentCompanyName',
  'UpdatedOn',
  'WMI',
  // Makes, models and vehicle types
  'Make_ID',
  'Make_Name',
  'Model_ID',
  'Model_Name',
  'MakeId',
  'MakeName',
  'MfrId',
  'MfrName',
  'VehicleTypeId',
  'VehicleTypeName',
  // Manufacturers
  'Country',
  'Mfr_CommonName',
  'Mfr_ID',
  'Mfr_Name',
  'VehicleTypes',
  'IsPrimary',
  'Name',
  'Address',
  'City',
  'ContactEmail',
  'ContactFax',
  'ContactPhone',
  'DBAs',
  'EquipmentItems',
  'LastUpdated',
  'ManufacturerTypes',
  'OtherManufacturerDetails',
  'PostalCode',
  'PrimaryProduct',
  'PrincipalFirstName',
  'PrincipalLastName',
  'PrincipalPosition',
  'StateProvince',
  'SubmittedName',
  'SubmittedOn',
  'SubmittedPosition',
  'GVWRFrom',
  'GVWRTo',
  // Variables
  'DataType',
  'Description',
  'GroupName',
  'ID',
  'Id',
  'ElementName',
  // GetParts
  'CoverLetterURL',
  'LetterDate',
  'ModelYearFrom',
  'ModelYearTo',
  'Type',
  'URL',
  // GetEquipmentPlantCodes
  'DOTCode',
  'OldDotCode',
  'Status',
  // GetCanadianVehicleSpecifications
  'Specs',
  'Value',
];

/** Every field name an answer of the live service may carry: what the XML answers may name. */
export function vpicFieldNames(variableCodes: Iterable<string> = []): ReadonlySet<string> {
  return new Set([...DOCUMENTED_FIELDS, ...variableCodes]);
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
type Scalar = z.infer<typeof scalar>;
type Field = Scalar | Record<string, Scalar>[];

const answerSchema = z.object({
  Count: z.number(),
  Message: z.string(),
  SearchCriteria: z.string().nullable(),
  Results: z.array(z.record(z.string(), z.unknown())),
});

/**
 * vPIC's answer shape (Count, Message, SearchCriteria, Results of records), keeping only the
 * fields in `names`, with scalar values or lists of records of such fields; undefined for any
 * other body. What is kept is all an XML answer names, and all a cache or a caller gets.
 */
export function acceptVpicAnswer(
  body: unknown,
  names: ReadonlySet<string>,
): VpicAnswer | undefined {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { Message, SearchCriteria, Results } = parsed.data;
  const records = Results.map((record) => knownFields(record, names, true));
  return { Count: records.length, Message, SearchCriteria, Results: records };
}

function knownFields(
  record: Record<string, unknown>,
  names: ReadonlySet<string>,
  nested: boolean,
): Record<string, Field> {
  const kept: Record<string, Field> = {};
  for (const [name, value] of Object.entries(record)) {
    if (!names.has(name)) continue;
    if (scalar.safeParse(value).success) kept[name] = value as Scalar;
    else if (nested && Array.isArray(value)) {
      kept[name] = value
        .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
        .map((v) => knownFields(v, names, false) as Record<string, Scalar>);
    }
  }
  return kept;
}

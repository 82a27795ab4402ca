import type { CatalogElement, CatalogWmi, VpicCatalogData } from './vpic-catalog-data.ts';

/** One record of a vPIC answer's `Results`, with vPIC's field names. */
export type VpicRecord = Record<string, unknown>;

interface ModelsQuery {
  /** A part of the make's name (vPIC's LIKE), or the make's id. */
  make: { name: string } | { id: number };
  modelYear?: number;
  /** A part of the vehicle type's name, or its id. */
  vehicleType?: string;
}

/**
 * The offline vPIC data's reference lists, answered from memory with vPIC's field names and
 * matching rules: names are matched as vPIC's LIKE does (case-insensitive, any part of the name),
 * a number where vPIC takes a name or an id is an id. `undefined` means the offline data does
 * not hold what the question needs (the caller asks the live service or says so).
 */
export interface VpicCatalog {
  decodeWmi(wmi: string): VpicRecord[];
  wmisForManufacturer(manufacturer: string | undefined, vehicleType?: string): VpicRecord[];
  allMakes(): VpicRecord[];
  /** One page of 100, by manufacturer id. */
  allManufacturers(page: number): VpicRecord[];
  manufacturerDetails(manufacturer: string): VpicRecord[];
  makesForManufacturer(manufacturer: string): VpicRecord[];
  makesForManufacturerAndYear(manufacturer: string, year: number): VpicRecord[];
  makesForVehicleType(vehicleType: string): VpicRecord[];
  vehicleTypesForMake(make: string): VpicRecord[];
  vehicleTypesForMakeId(makeId: number): VpicRecord[];
  models(query: ModelsQuery): VpicRecord[];
  variables(): VpicRecord[];
  /** By id, name or vPIC code (`ABS`); undefined when its lookup table is not offline. */
  variableValues(variable: string): VpicRecord[] | undefined;
  /**
   * A DecodeVinValues result as vPIC's DecodeVin lists it: one { Value, ValueId, Variable,
   * VariableId } per decoded element, null where nothing is known; `extended` adds the NCSA
   * elements (DecodeVinExtended), which the offline data does not fill.
   */
  variablesOf(result: Record<string, string>, extended: boolean): VpicRecord[];
  /** The NCSA variables DecodeVinValuesExtended adds, by vPIC name. */
  extendedVariableNames(): string[];
  /** Every variable's vPIC code: the names a decode's answer may carry. */
  variableCodes(): string[];
}

const MANUFACTURERS_PER_PAGE = 100;

/** Names matched lately, kept with their ids; a short name costs one entry. */
const RECENT_MATCHES_MAX = 1024;
const RECENT_MATCH_LENGTH = 100;

/** vPIC's order of variable groups in a DecodeVin answer; within a group, by element id. */
const GROUP_ORDER = [
  '',
  'General',
  'Exterior / Body',
  'Exterior / Dimension',
  'Exterior / Truck',
  'Exterior / Trailer',
  'Exterior / Wheel tire',
  'Interior',
  'Interior / Seat',
  'Mechanical / Transmission',
  'Mechanical / Drivetrain',
  'Mechanical / Brake',
  'Mechanical / Battery',
  'Mechanical / Battery / Charger',
  'Engine',
  'Passive Safety System',
  'Passive Safety System / Air Bag Location',
  'Active Safety System',
];

export function openVpicCatalog(data: VpicCatalogData): VpicCatalog {
  const names = (table: string) => new Map(data.lookups[table] ?? []);
  // vPIC writes make names in capitals in its answers (HONDA); the data keeps them as typed.
  const makeNames = new Map(
    (data.lookups.Make ?? []).map(([id, name]) => [id, name.toUpperCase()]),
  );
  const modelNames = names('Model');
  const manufacturerNames = names('Manufacturer');
  const typeNames = names('VehicleType');
  const countryNames = names('Country');

  const modelsOfMake = groupPairs(data.makeModels);
  const makesOfManufacturer = groupPairs(data.manufacturerMakes);
  const wmisOfManufacturer = new Map<number, CatalogWmi[]>();
  const typesOfMake = new Map<number, Set<number>>();
  for (const w of data.wmis) {
    push(wmisOfManufacturer, w.manufacturerId, w);
    if (w.vehicleTypeId === null) continue;
    for (const make of w.makeIds) {
      const types = typesOfMake.get(make) ?? new Set<number>();
      types.add(w.vehicleTypeId);
      typesOfMake.set(make, types);
    }
  }
  const wmiByCode = new Map(data.wmis.map((w) => [w.wmi, w]));
  const yearsOfModel = new Map<number, number[]>();
  for (let i = 0; i < data.modelYears.length; i += 4) {
    const spans = yearsOfModel.get(data.modelYears[i] as number) ?? [];
    spans.push(...data.modelYears.slice(i + 1, i + 4));
    yearsOfModel.set(data.modelYears[i] as number, spans);
  }
  const manufacturerIds = [...manufacturerNames.keys()].sort((a, b) => a - b);

  const publicElements = data.elements.filter((e) => !e.private);
  const decodedElements = sortForDecode(data.elements.filter((e) => e.decoded && !e.private));
  const ncsaElements = data.elements.filter((e) => e.private && e.groupName === 'Internal');
  const valueIds = new Map<string, Map<string, number>>();
  const valueIdOf = (element: CatalogElement, value: string): string => {
    if (!element.lookupTable || !data.lookups[element.lookupTable]) return '';
    let ids = valueIds.get(element.lookupTable);
    if (!ids) {
      ids = new Map(
        (data.lookups[element.lookupTable] ?? []).map(([id, name]) => [name.toLowerCase(), id]),
      );
      valueIds.set(element.lookupTable, ids);
    }
    // Decodes answer some names in capitals (Make, VehicleType), as vPIC does.
    const id = ids.get(value.toLowerCase());
    return id === undefined ? '' : String(id);
  };

  let allMakes: VpicRecord[] | undefined;

  // Names in lower case once, so a LIKE match is one scan of plain comparisons.
  const lowerNames = new Map<Map<number, string>, [number, string][]>(
    [makeNames, manufacturerNames, typeNames].map((table) => [
      table,
      [...table].map(([id, name]) => [id, name.toLowerCase()]),
    ]),
  );
  const recentMatches = new Map<string, number[]>();
  const idsLike = (table: Map<number, string>, text: string): number[] => {
    if (/^\d+$/.test(text.trim())) {
      const id = Number(text.trim());
      return table.has(id) ? [id] : [];
    }
    const part = text.trim().toLowerCase();
    if (part === '') return [];
    const key = `${table === makeNames ? 'make' : table === typeNames ? 'type' : 'mfr'}|${part}`;
    let ids = recentMatches.get(key);
    if (!ids) {
      ids = [];
      for (const [id, name] of lowerNames.get(table) ?? []) if (name.includes(part)) ids.push(id);
      // A scan of 12,000 names costs a tenth of a millisecond; popular names are asked again.
      if (recentMatches.size >= RECENT_MATCHES_MAX) recentMatches.clear();
      if (part.length <= RECENT_MATCH_LENGTH) recentMatches.set(key, ids);
    }
    return ids;
  };
  const countryOf = (manufacturer: number): string | null => {
    const country = wmisOfManufacturer.get(manufacturer)?.find((w) => w.countryId !== null);
    return country ? (countryNames.get(country.countryId as number) ?? null) : null;
  };
  const vehicleTypesOf = (manufacturer: number): string[] => [
    ...new Set(
      (wmisOfManufacturer.get(manufacturer) ?? []).flatMap((w) =>
        w.vehicleTypeId === null ? [] : [typeNames.get(w.vehicleTypeId) ?? ''],
      ),
    ),
  ];
  const makeRecord = (make: number, model: number): VpicRecord => ({
    Make_ID: make,
    Make_Name: makeNames.get(make) ?? '',
    Model_ID: model,
    Model_Name: modelNames.get(model) ?? '',
  });

  return {
    decodeWmi(wmi) {
      const w = wmiByCode.get(wmi.trim().toUpperCase());
      if (!w) return [];
      return [
        {
          CommonName: '',
          CreatedOn: w.createdOn ?? '',
          DateAvailableToPublic: w.publicOn ?? '',
          Make: w.makeIds.map((id) => makeNames.get(id) ?? '').join(', '),
          ManufacturerName: manufacturerNames.get(w.manufacturerId) ?? '',
          ParentCompanyName: '',
          URL: '',
          UpdatedOn: w.updatedOn,
          VehicleType: w.vehicleTypeId === null ? '' : (typeNames.get(w.vehicleTypeId) ?? ''),
        },
      ];
    },

    wmisForManufacturer(manufacturer, vehicleType) {
      const manufacturers =
        manufacturer === undefined ? manufacturerIds : idsLike(manufacturerNames, manufacturer);
      const types =
        vehicleType === undefined ? undefined : new Set(idsLike(typeNames, vehicleType));
      return manufacturers.flatMap((id) =>
        (wmisOfManufacturer.get(id) ?? [])
          .filter((w) => !types || (w.vehicleTypeId !== null && types.has(w.vehicleTypeId)))
          .map((w) => ({
            Country: w.countryId === null ? null : (countryNames.get(w.countryId) ?? null),
            CreatedOn: w.createdOn ?? '',
            DateAvailableToPublic: w.publicOn ?? '',
            Id: id,
            Name: manufacturerNames.get(id) ?? '',
            UpdatedOn: w.updatedOn ?? '',
            VehicleType: w.vehicleTypeId === null ? '' : (typeNames.get(w.vehicleTypeId) ?? ''),
            WMI: w.wmi,
          })),
      );
    },

    allMakes() {
      allMakes ??= [...makeNames].map(([id, name]) => ({ Make_ID: id, Make_Name: name }));
      return allMakes;
    },

    allManufacturers(page) {
      const start = (page - 1) * MANUFACTURERS_PER_PAGE;
      return manufacturerIds.slice(start, start + MANUFACTURERS_PER_PAGE).map((id) => ({
        Country: countryOf(id),
        Mfr_CommonName: null,
        Mfr_ID: id,
        Mfr_Name: manufacturerNames.get(id) ?? '',
        VehicleTypes: vehicleTypesOf(id).map((name) => ({ IsPrimary: false, Name: name })),
      }));
    },

    manufacturerDetails(manufacturer) {
      return idsLike(manufacturerNames, manufacturer).map((id) => ({
        Address: null,
        Address2: null,
        City: null,
        ContactEmail: null,
        ContactFax: null,
        ContactPhone: null,
        Country: countryOf(id),
        DBAs: null,
        EquipmentItems: [],
        LastUpdated: latest((wmisOfManufacturer.get(id) ?? []).map((w) => w.updatedOn)),
        ManufacturerTypes: [],
        Mfr_CommonName: null,
        Mfr_ID: id,
        Mfr_Name: manufacturerNames.get(id) ?? '',
        OtherManufacturerDetails: null,
        PostalCode: null,
        PrimaryProduct: null,
        PrincipalFirstName: null,
        PrincipalLastName: null,
        PrincipalPosition: null,
        StateProvince: null,
        SubmittedName: null,
        SubmittedOn: latest((wmisOfManufacturer.get(id) ?? []).map((w) => w.createdOn)),
        SubmittedPosition: null,
        VehicleTypes: vehicleTypesOf(id).map((name) => ({
          GVWRFrom: '',
          GVWRTo: '',
          IsPrimary: false,
          Name: name,
        })),
      }));
    },

    makesForManufacturer(manufacturer) {
      return idsLike(manufacturerNames, manufacturer).flatMap((id) =>
        (makesOfManufacturer.get(id) ?? []).map((make) => ({
          Make_ID: make,
          Make_Name: makeNames.get(make) ?? '',
          Mfr_Name: manufacturerNames.get(id) ?? '',
        })),
      );
    },

    makesForManufacturerAndYear(manufacturer, year) {
      return idsLike(manufacturerNames, manufacturer).flatMap((id) => {
        const makes = new Set(
          (wmisOfManufacturer.get(id) ?? [])
            .filter((w) => coversYear(w.years, 0, 2, year))
            .flatMap((w) => w.makeIds),
        );
        return [...makes]
          .sort((a, b) => a - b)
          .map((make) => ({
            MakeId: make,
            MakeName: makeNames.get(make) ?? '',
            MfrId: id,
            MfrName: manufacturerNames.get(id) ?? '',
          }));
      });
    },

    makesForVehicleType(vehicleType) {
      const types = new Set(idsLike(typeNames, vehicleType));
      const records: VpicRecord[] = [];
      for (const [make, makeTypes] of [...typesOfMake].sort(([a], [b]) => a - b)) {
        for (const type of makeTypes) {
          if (!types.has(type)) continue;
          records.push({
            MakeId: make,
            MakeName: makeNames.get(make) ?? '',
            VehicleTypeId: type,
            VehicleTypeName: typeNames.get(type) ?? '',
          });
        }
      }
      return records;
    },

    vehicleTypesForMake(make) {
      return idsLike(makeNames, make).flatMap((id) =>
        [...(typesOfMake.get(id) ?? [])].map((type) => ({
          MakeId: id,
          MakeName: makeNames.get(id) ?? '',
          VehicleTypeId: type,
          VehicleTypeName: typeNames.get(type) ?? '',
        })),
      );
    },

    vehicleTypesForMakeId(makeId) {
      return [...(typesOfMake.get(makeId) ?? [])].map((type) => ({
        VehicleTypeId: type,
        VehicleTypeName: typeNames.get(type) ?? '',
      }));
    },

    models({ make, modelYear, vehicleType }) {
      const makes =
        'id' in make ? (makeNames.has(make.id) ? [make.id] : []) : idsLike(makeNames, make.name);
      const types =
        vehicleType === undefined ? undefined : new Set(idsLike(typeNames, vehicleType));
      const recorded = (model: number): boolean => {
        if (modelYear === undefined && !types) return true;
        const spans = yearsOfModel.get(model) ?? [];
        for (let i = 0; i < spans.length; i += 3) {
          if (types && !types.has(spans[i] as number)) continue;
          if (modelYear === undefined || coversYear(spans, i + 1, 3, modelYear, true)) return true;
        }
        return false;
      };
      return makes.flatMap((id) =>
        (modelsOfMake.get(id) ?? []).filter(recorded).map((model) => makeRecord(id, model)),
      );
    },

    variables() {
      return publicElements.map((e) => ({
        DataType: e.dataType,
        Description: e.description,
        GroupName: e.groupName,
        ID: e.id,
        Name: e.name,
      }));
    },

    variableValues(variable) {
      const text = variable.trim();
      const element = /^\d+$/.test(text)
        ? publicElements.find((e) => e.id === Number(text))
        : publicElements.find((e) =>
            [e.name.toLowerCase(), e.code.toLowerCase()].includes(text.toLowerCase()),
          );
      if (!element || !element.lookupTable) return [];
      const values = data.lookups[element.lookupTable];
      if (!values) return undefined;
      return values.map(([id, name]) => ({ ElementName: element.name, Id: id, Name: name }));
    },

    variablesOf(result, extended) {
      const elements = extended ? [...decodedElements, ...ncsaElements] : decodedElements;
      return elements.map((e) => {
        const value = result[e.code];
        const known = value !== undefined && value !== '';
        return {
          Value: known ? value : null,
          ValueId: known ? valueIdOf(e, value) : '',
          Variable: e.name,
          VariableId: e.id,
        };
      });
    },

    extendedVariableNames() {
      return ncsaElements.map((e) => e.code);
    },

    variableCodes() {
      return data.elements.map((e) => e.code);
    },
  };
}

/**
 * Whether one of the spans in `spans` (first and last year at `from` and `from + 1`, every
 * `step` numbers) covers `year`; -1 is an open end. With `single`, only the span at `from`.
 */
function coversYear(spans: number[], from: number, step: number, year: number, single = false) {
  for (let i = from; i < spans.length; i += step) {
    const first = spans[i] as number;
    const last = spans[i + 1] as number;
    if (first <= year && (last === -1 || year <= last)) return true;
    if (single) return false;
  }
  return false;
}

function groupPairs(pairs: number[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < pairs.length; i += 2)
    push(groups, pairs[i] as number, pairs[i + 1] as number);
  return groups;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function latest(dates: (string | null)[]): string {
  return dates.reduce<string>((a, b) => (b !== null && b > a ? b : a), '');
}

function sortForDecode(elements: CatalogElement[]): CatalogElement[] {
  const rank = (e: CatalogElement) => {
    const i = GROUP_ORDER.indexOf(e.groupName ?? '');
    return i < 0 ? GROUP_ORDER.length : i;
  };
  return [...elements].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

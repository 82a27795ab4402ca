import type { KeyRuleTables } from './key-rules.ts';
import type { VpicCatalogData } from './vpic-catalog-data.ts';
import type { Conversion, WildcardPattern, WmiRecord } from './vpic-reference-data.ts';

/** Bumped whenever the compiled layout or its meaning changes, so old files are rebuilt. */
export const DECODE_INDEX_FORMAT = 3;

/** One vPIC element as the engine needs it; `corgi` false for elements corgi's lookup drops. */
export interface IndexedElement {
  /** corgi groups and de-duplicates its matches by element name. */
  group: string;
  /** The vPIC variable the element answers. */
  variable: string;
  weight: number;
  model: boolean;
  plant: boolean;
  corgi: boolean;
}

/** Fields of one row in `DecodeIndexData.rows`, in this order. */
export const ROW_FIELDS = ['key', 'element', 'value', 'rank', 'copies'] as const;
export const ROW_WIDTH = ROW_FIELDS.length;

/**
 * The offline vPIC data compiled for decoding from memory (see decode-index-file.ts for how it
 * is stored). Strings are interned: rows refer to keys, values and elements by index.
 */
export interface DecodeIndexData {
  format: number;
  /** The database file it was compiled from; a different one means recompiling. */
  source: string;
  keys: string[];
  values: string[];
  /** Schema names by schema index; two schemas may share a name, as in vPIC. */
  schemas: string[];
  elements: IndexedElement[];
  /** Rows of schema s are rows[schemaRows[s] .. schemaRows[s + 1]) (in rows, not numbers). */
  schemaRows: number[];
  /**
   * Flat, ROW_WIDTH numbers a row: key, element, value, the row's place in corgi's sort order
   * (rank) and how many rows corgi's query returns for it (copies; it counts them).
   */
  rows: Int32Array;
  /** Every key's rules, by key index (format 3 on). */
  keyRules: KeyRuleTables;
  /** By WMI, flat triples: schema index, first model year, last model year (-1: open). */
  wmiSchemas: Record<string, number[]>;
  reference: {
    wmis: [string, WmiRecord][];
    modelSchemas: string[];
    conversions: Conversion[];
    wildcardPatterns: [string, WildcardPattern[]][];
  };
  /** The reference lists of the vPIC list endpoints (format 2 on). */
  catalog: VpicCatalogData;
}

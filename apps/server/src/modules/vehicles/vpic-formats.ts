import { stringify } from 'csv-stringify/sync';
import { XMLBuilder } from 'fast-xml-parser';
import type { VpicAnswer, VpicFormat } from '@vr/contracts';

/** A vPIC answer written out: the body and its content type. */
export interface RenderedAnswer {
  contentType: string;
  body: string;
}

const xml = new XMLBuilder({});

/** Characters XML 1.0 cannot carry at all; a name typed into a path may hold them. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Writes an answer as vPIC does in each format. `json`: the answer itself. `xml`:
 * `<Response>` with Count, Message, SearchCriteria and Results, each record an element named
 * `item` (vPIC names them per endpoint: DecodedVariable, MakeModels, ...), a list inside a
 * record (VehicleTypes) one element per entry named in the singular; null is an empty element.
 * `csv`: a header row of the records' field names, then one row per record; a list inside a
 * record is written as its JSON.
 */
export function renderVpicAnswer(
  answer: VpicAnswer,
  format: VpicFormat,
  item: string,
): RenderedAnswer {
  if (format === 'xml') {
    const body = xml.build({
      Response: {
        Count: answer.Count,
        Message: answer.Message,
        SearchCriteria: answer.SearchCriteria,
        Results: { [item]: answer.Results.map(xmlRecord) },
      },
    }) as string;
    return {
      contentType: 'text/xml; charset=utf-8',
      body: `<?xml version="1.0" encoding="utf-8"?>${body.replace(NOT_XML, '')}`,
    };
  }
  if (format === 'csv') {
    const columns = [...new Set(answer.Results.flatMap((r) => Object.keys(r)))];
    const rows = answer.Results.map((r) => columns.map((c) => csvValue(r[c])));
    return {
      contentType: 'text/csv; charset=utf-8',
      body:
        columns.length === 0
          ? ''
          : stringify([columns.map(csvValue), ...rows], { quoted_match: NEUTRALISED }),
    };
  }
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(answer) };
}

function xmlRecord(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([name, value]) => [
      name,
      Array.isArray(value) ? { [name.replace(/s$/, '')]: value } : value,
    ]),
  );
}

/** A cell a spreadsheet would run as a formula (OWASP, "CSV Injection"). */
const FORMULA = /^[=+\-@\t\r]/;
/** Such a cell once neutralised: written after a single quote, and quoted. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * A cell as text. One starting like a formula is prefixed with a single quote (and quoted, by
 * NEUTRALISED), as OWASP's CSV-injection guidance says: names in a path come back in the answer.
 */
function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FORMULA.test(text) ? `'${text}` : text;
}

import { constants, inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFName,
  PDFRawStream,
  type PDFDocument,
  type PDFObject,
} from '@cantoo/pdf-lib';

/**
 * How far a report's compressed streams may inflate, all together: this many times the file's
 * size, and never beyond INFLATED_TOTAL_LIMIT_MB. Text, vector drawings and photos stay far
 * below the ratio; a decompression bomb (the audit's 102 KB file that inflates to 100 MB) is
 * far above it.
 */
export const INFLATION_RATIO_LIMIT = 100;
export const INFLATED_TOTAL_LIMIT_MB = 256;

export function inflationLimit(fileBytes: number): number {
  return Math.min(INFLATION_RATIO_LIMIT * fileBytes, INFLATED_TOTAL_LIMIT_MB * 1024 * 1024);
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
/** A filter chain rarely stacks more than two layers; deeper nesting is only there to hide. */
const MAX_LAYERS = 4;

/** The two header bytes RFC 1950 requires of zlib data, which is what FlateDecode holds. */
function looksLikeZlib(data: Uint8Array): boolean {
  const [cmf, flg] = data;
  return (
    cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0
  );
}

/** Bytes `data` inflates to, layer upon layer, counting at most `limit + 1`. */
function inflatedSize(data: Buffer, limit: number, layer = 1): number {
  let out: Buffer;
  try {
    out = inflateSync(data, { maxOutputLength: limit + 1, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (err) {
    // Past the cap is a bomb; anything else is not zlib data after all, which viewers skip too.
    return (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? limit + 1 : 0;
  }
  if (layer >= MAX_LAYERS || !looksLikeZlib(out)) return out.length;
  return out.length + inflatedSize(out, limit - out.length, layer + 1);
}

/**
 * Inflates every zlib stream of the raw file, found by its `stream` and `endstream` keywords
 * before any parser reads it: pdf-lib inflates object streams whole while loading, so a bomb must
 * be caught first. Returns the total, or more than `limit` as soon as it is passed.
 */
export function zlibStreamsInflated(bytes: Buffer, limit: number): number {
  let total = 0;
  for (let at = bytes.indexOf(STREAM); at !== -1 && total <= limit;) {
    const afterKeyword = at + STREAM.length;
    let start = afterKeyword;
    if (bytes[start] === 0x0d) start += 1;
    if (bytes[start] === 0x0a) start += 1;
    // The keyword ends its line; `endstream` holds the same letters.
    if (start === afterKeyword || bytes.toString('latin1', at - 3, at) === 'end') {
      at = bytes.indexOf(STREAM, afterKeyword);
      continue;
    }
    const end = bytes.indexOf(END_STREAM, start);
    const data = bytes.subarray(start, end === -1 ? bytes.length : end);
    if (looksLikeZlib(data)) total += inflatedSize(data, limit - total);
    at = end === -1 ? -1 : bytes.indexOf(STREAM, end + END_STREAM.length);
  }
  return total;
}

/** Filters pdf-lib decodes; image codecs are left to the viewer, which decodes them per pixel. */
const DECODABLE = new Set([
  'FlateDecode',
  'LZWDecode',
  'RunLengthDecode',
  'ASCIIHexDecode',
  'ASCII85Decode',
]);

function filtersOf(stream: PDFRawStream): string[] {
  const filter: PDFObject | undefined = stream.dict.get(PDFName.of('Filter'));
  const list = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  return list.map((f) => (f instanceof PDFName ? f.decodeText() : ''));
}

/**
 * The streams the raw scan cannot measure, those whose filters are not zlib alone (LZW and
 * run-length expand too), decoded with pdf-lib up to what is left of `limit`.
 */
export function otherStreamsInflated(doc: PDFDocument, limit: number): number {
  let total = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (total > limit) break;
    if (!(object instanceof PDFRawStream)) continue;
    const filters = filtersOf(object);
    if (filters.every((f) => f === 'FlateDecode') || !filters.every((f) => DECODABLE.has(f))) {
      continue;
    }
    try {
      total += decodePDFRawStream(object).getBytes(limit - total + 1).length;
    } catch {
      // Undecodable data shows nothing in a viewer either.
    }
  }
  return total;
}

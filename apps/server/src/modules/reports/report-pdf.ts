import { readFile, stat } from 'node:fs/promises';
import { ADMIN_MESSAGES } from '@vr/contracts';
import { PDFDocument } from '@cantoo/pdf-lib';
import { HttpError } from '../../http/errors.ts';
import { findActiveContent, type ActiveContent } from './pdf-active-content.ts';
import {
  INFLATED_TOTAL_LIMIT_MB,
  INFLATION_RATIO_LIMIT,
  inflationLimit,
  otherStreamsInflated,
  zlibStreamsInflated,
} from './pdf-inflation.ts';

const NO_ACTIVE_CONTENT = 'reports must not carry active content.';
const ACTIVE_CONTENT_NAMES: Record<ActiveContent, string> = {
  javascript: 'JavaScript',
  launch: 'an action that launches a program',
  embeddedFile: 'an embedded file',
  formAction: 'a form that submits or imports data',
  xfa: 'an XFA form',
};
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const REPORT_FILE_MESSAGES = {
  empty: 'The file is empty.',
  notPdf: ADMIN_MESSAGES.pdfOnly,
  damaged: 'The PDF is damaged or truncated.',
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB.`,
  encrypted: 'The PDF is encrypted; upload it without a password or restrictions.',
  activeContent: (found: ActiveContent) =>
    `The PDF contains ${ACTIVE_CONTENT_NAMES[found]}; ${NO_ACTIVE_CONTENT}`,
  bomb: (limitBytes: number) =>
    `The PDF's compressed content inflates to more than ${megabytes(limitBytes)} (${INFLATION_RATIO_LIMIT} times the file's size, ${INFLATED_TOTAL_LIMIT_MB} MB at most); it looks like a decompression bomb.`,
} as const;

const PDF_MAGIC = Buffer.from('%PDF-');
const EOF_MARK = Buffer.from('%%EOF');
/** PDF writers put %%EOF at the very end, perhaps followed by a line break or a few bytes. */
const EOF_WINDOW = 1024;

/**
 * Accepts a report only by its content: the PDF header, the end-of-file mark a whole file has,
 * a parse with at least one page, no decompression bomb and no active content (reports open on
 * the app's origin, so the defence is here). The file name and the declared type are not
 * trusted. Reads one file at a time, at most `maxMb`; answers its size.
 */
export async function checkReportPdf(file: string, maxMb: number): Promise<number> {
  const { size } = await stat(file);
  if (size === 0) throw new HttpError(400, REPORT_FILE_MESSAGES.empty);
  if (size > maxMb * 1024 * 1024) throw new HttpError(413, REPORT_FILE_MESSAGES.tooLarge(maxMb));
  const bytes = await readFile(file);
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new HttpError(400, REPORT_FILE_MESSAGES.notPdf);
  }
  if (!bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW)).includes(EOF_MARK)) {
    throw new HttpError(400, REPORT_FILE_MESSAGES.damaged);
  }
  const limit = inflationLimit(bytes.length);
  const inflated = zlibStreamsInflated(bytes, limit);
  if (inflated > limit) throw new HttpError(400, REPORT_FILE_MESSAGES.bomb(limit));
  let doc: PDFDocument;
  let pages: number;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    pages = doc.getPageCount();
  } catch {
    throw new HttpError(400, REPORT_FILE_MESSAGES.damaged);
  }
  if (pages < 1) throw new HttpError(400, REPORT_FILE_MESSAGES.damaged);
  // Encrypted strings and object streams cannot be read here, so nothing could be ruled out.
  if (doc.isEncrypted) throw new HttpError(400, REPORT_FILE_MESSAGES.encrypted);
  const active = findActiveContent(doc);
  if (active) throw new HttpError(400, REPORT_FILE_MESSAGES.activeContent(active));
  if (inflated + otherStreamsInflated(doc, limit - inflated) > limit) {
    throw new HttpError(400, REPORT_FILE_MESSAGES.bomb(limit));
  }
  return size;
}

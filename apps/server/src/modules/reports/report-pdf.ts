import { ADMIN_MESSAGES } from '@vr/contracts';
import { PDFDocument } from 'pdf-lib';
import { HttpError } from '../../lib/errors.ts';

export const REPORT_FILE_MESSAGES = {
  empty: 'The file is empty.',
  notPdf: ADMIN_MESSAGES.pdfOnly,
  damaged: 'The PDF is damaged or truncated.',
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB.`,
} as const;

const PDF_MAGIC = Buffer.from('%PDF-');
const EOF_MARK = Buffer.from('%%EOF');
/** PDF writers put %%EOF at the very end, perhaps followed by a line break or a few bytes. */
const EOF_WINDOW = 1024;

/**
 * Accepts a report only by its content: the PDF header, the end-of-file mark a whole file has,
 * and a parse with at least one page. The file name and the declared type are not trusted.
 */
export async function checkReportPdf(bytes: Buffer, maxMb: number): Promise<void> {
  if (bytes.length === 0) throw new HttpError(400, REPORT_FILE_MESSAGES.empty);
  if (bytes.length > maxMb * 1024 * 1024) {
    throw new HttpError(413, REPORT_FILE_MESSAGES.tooLarge(maxMb));
  }
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new HttpError(400, REPORT_FILE_MESSAGES.notPdf);
  }
  if (!bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW)).includes(EOF_MARK)) {
    throw new HttpError(400, REPORT_FILE_MESSAGES.damaged);
  }
  let pages: number;
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    pages = doc.getPageCount();
  } catch {
    throw new HttpError(400, REPORT_FILE_MESSAGES.damaged);
  }
  if (pages < 1) throw new HttpError(400, REPORT_FILE_MESSAGES.damaged);
}

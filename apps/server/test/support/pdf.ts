import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real one-page PDF saying `text`, as a report an admin would upload. */
export async function makeReportPdf(text = 'Vehicle history report'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(text, {
    x: 72,
    y: 720,
    size: 18,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

/** The first bytes of a PNG image, to be passed off as a PDF by its name. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

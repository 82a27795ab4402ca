import { Font, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { createElement, type ReactElement } from 'react';
import type { RecallList } from '../../../adapters/recalls/recalls-provider.ts';
import type { VehicleHistory } from '../../../adapters/vehicle-history/vehicle-history.ts';
import { ReportDocument } from './report-document.tsx';
import type { ReportOrder } from './report-first-page.tsx';
import { reportFindings } from './report-findings.ts';
import type { ReportVehicle } from './report-vehicle.ts';

/** A word longer than this may break anywhere, so that a narrow table cell can hold it. */
const LONGEST_UNBROKEN_WORD = 16;

// English hyphenation broke "auction" and "total" in narrow cells: ordinary words no longer
// break, and only overlong ones (a name without spaces) break where the cell ends. The setting
// is the process's: this report is all it lays out.
// A web address ("nhtsa.gov/recalls.") never breaks: a break would print a hyphen inside it.
const WEB_ADDRESS = /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i;
Font.registerHyphenationCallback((word) =>
  word.length <= LONGEST_UNBROKEN_WORD || WEB_ADDRESS.test(word) ? [word] : [...word],
);

export type ReportInput = {
  vehicle: ReportVehicle;
  history: VehicleHistory;
  recalls: RecallList;
  order: ReportOrder;
  productName: string;
  contactEmail: string;
};

/**
 * The customer's report as a PDF: US Letter, one column, laid out by @react-pdf/renderer
 * (docs/decisions/0013-report-pdf-layout.md). Sandbox data is marked on every page.
 */
export async function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const findings = reportFindings(input.history, input.recalls);
  // ReportDocument's root is a <Document>, which is what renderToBuffer's type asks for.
  const document = createElement(ReportDocument, {
    ...input,
    findings,
  }) as ReactElement<DocumentProps>;
  return renderToBuffer(document);
}

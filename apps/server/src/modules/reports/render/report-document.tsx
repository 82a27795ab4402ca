/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: the server runs under tsx from the repository root, where no tsconfig sets `jsx`.
import { Document, Page, Text } from '@react-pdf/renderer';
import { UNKNOWN } from '@vr/contracts';
import type { RecallList } from '../../../adapters/recalls/recalls-provider.ts';
import type { VehicleHistory } from '../../../adapters/vehicle-history/vehicle-history.ts';
import type { ReportFindings } from './report-findings.ts';
import { styles } from './report-styles.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import { vehicleName, type ReportVehicle } from './report-vehicle.ts';
import { printable } from './win-ansi.ts';
import { Footer, Header, Summary, VehicleFacts, type ReportOrder } from './report-first-page.tsx';
import { OdometerSection, TitleHistory } from './report-history.tsx';
import { Records } from './report-records.tsx';
import { Limits, NmvtisNotice, Recalls } from './report-recalls.tsx';

type ReportDocumentProps = {
  vehicle: ReportVehicle;
  history: VehicleHistory;
  recalls: RecallList;
  findings: ReportFindings;
  order: ReportOrder;
  productName: string;
  contactEmail: string;
};

/**
 * The whole report: the first page, the records in date order, recalls, the NMVTIS notice, then
 * its limits.
 */
export function ReportDocument(props: ReportDocumentProps) {
  const { vehicle, history, recalls, findings, order, productName, contactEmail } = props;
  const name = vehicleName(vehicle);
  const sandbox = history.sandbox || recalls.sandbox;
  return (
    <Document
      title={`${REPORT_TEXTS.title} – ${name} – ${vehicle.vin}`}
      author={productName}
      creator={productName}
      producer={productName}
    >
      <Page size="LETTER" style={styles.page}>
        <Header productName={productName} vin={vehicle.vin} sandbox={sandbox} />
        <Footer order={order} />
        <Text style={styles.title}>{REPORT_TEXTS.title}</Text>
        <Text style={styles.subtitle}>
          {printable([name, vehicle.trim].filter((part) => part !== UNKNOWN).join(' '))}
        </Text>
        <VehicleFacts vehicle={vehicle} />
        <Summary findings={findings} />
        <Text style={[history.records.length > 0 ? styles.muted : styles.bold, { marginTop: 8 }]}>
          {printable(
            REPORT_TEXTS.sources(history.provider, recalls.source, history.records.length > 0),
          )}
        </Text>
        <TitleHistory findings={findings} provider={history.provider} />
        <OdometerSection findings={findings} provider={history.provider} />
        <Records findings={findings} provider={history.provider} />
        <Recalls recalls={recalls} vehicle={vehicle} />
        <NmvtisNotice />
        <Limits contactEmail={contactEmail} />
      </Page>
    </Document>
  );
}

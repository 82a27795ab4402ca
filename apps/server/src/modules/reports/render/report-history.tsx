/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: the server runs under tsx from the repository root, where no tsconfig sets `jsx`.
import { Svg, Circle, Text, View } from '@react-pdf/renderer';
import type {
  BrandRecord,
  TitleRecord,
} from '../../../adapters/vehicle-history/vehicle-history.ts';
import { OdometerChart } from './odometer-chart.tsx';
import {
  formatDate,
  ODOMETER_BRANDED,
  type OdometerReading,
  type ReportFindings,
} from './report-findings.ts';
import { SectionTitle, Table, type Column } from './report-parts.tsx';
import { COLORS, LEVEL_COLORS, styles } from './report-styles.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import { printable } from './win-ansi.ts';
import { dateOf, ODOMETER_STATUS, odometerText } from './report-format.ts';

/** The title timeline and the odometer readings. */

/** What a timeline entry says: the PDF and the web view word it alike. */
export function timelineHeadline(record: TitleRecord | BrandRecord): string {
  const place = record.state ? ` in ${record.state}` : '';
  return record.kind === 'brand'
    ? `Title branded${place}: ${record.title}`
    : `Title issued${place}${record.current ? ' (current title)' : ''}`;
}

function TimelineEntry({ record, last }: { record: TitleRecord | BrandRecord; last: boolean }) {
  const brand = record.kind === 'brand';
  const color = brand ? LEVEL_COLORS.red : COLORS.accent;
  const headline = timelineHeadline(record);
  return (
    <View style={styles.row} wrap={false}>
      <Text style={[styles.bold, { width: 86 }]}>{dateOf(record.date)}</Text>
      <View style={{ width: 16, alignItems: 'center' }}>
        <Svg width={9} height={9} viewBox="0 0 10 10" style={{ marginTop: 2.5 }}>
          <Circle cx={5} cy={5} r={4.5} fill={color} />
        </Svg>
        {last ? null : <View style={{ width: 1.2, flexGrow: 1, backgroundColor: COLORS.rule }} />}
      </View>
      <View style={{ flex: 1, paddingLeft: 6, paddingBottom: last ? 0 : 10 }}>
        <Text style={[styles.bold, brand ? { color } : {}]}>{printable(headline)}</Text>
        {record.kind === 'title' && record.odometer ? (
          <Text>Odometer {printable(odometerText(record.odometer))}</Text>
        ) : null}
        <Text style={styles.muted}>Source: {printable(record.source)}</Text>
      </View>
    </View>
  );
}

export function TitleHistory({
  findings,
  provider,
}: {
  findings: ReportFindings;
  provider: string;
}) {
  const entries = findings.titleTimeline;
  return (
    <>
      <SectionTitle>Title history</SectionTitle>
      {entries.length === 0 ? (
        <Text>{REPORT_TEXTS.noRecords('title records', provider)}</Text>
      ) : (
        entries.map((record, i) => (
          <TimelineEntry key={i} record={record} last={i === entries.length - 1} />
        ))
      )}
    </>
  );
}

const RECORD_KIND_NAMES: Record<OdometerReading['record']['kind'], string> = {
  title: 'Title',
  'salvage-auction': 'Salvage auction',
  'sale-listing': 'Sale listing',
};

/** The odometer table's columns: the PDF and the web view show the same cells. */
export function odometerColumns(findings: ReportFindings): Column<OdometerReading>[] {
  const dropOf = new Map(findings.drops.map((d) => [d.after, d]));
  return [
    { header: 'Date', width: 0.15, cell: (r) => formatDate(r.date) },
    {
      header: 'Reading',
      width: 0.24,
      cell: (r) =>
        r.odometer.unit === 'km'
          ? `${r.odometer.value.toLocaleString('en-US')} km (${r.miles.toLocaleString('en-US')} mi)`
          : `${r.miles.toLocaleString('en-US')} mi`,
      alert: (r) => dropOf.has(r),
    },
    {
      header: 'Status',
      width: 0.27,
      cell: (r) => {
        const drop = dropOf.get(r);
        const status = ODOMETER_STATUS[r.odometer.status];
        return drop ? `${status}; ${REPORT_TEXTS.dropNote(drop, formatDate)}` : status;
      },
      alert: (r) => dropOf.has(r) || ODOMETER_BRANDED.has(r.odometer.status),
    },
    { header: 'Record', width: 0.13, cell: (r) => RECORD_KIND_NAMES[r.record.kind] },
    { header: 'Source', width: 0.21, cell: (r) => r.record.source },
  ];
}

export function OdometerSection({
  findings,
  provider,
}: {
  findings: ReportFindings;
  provider: string;
}) {
  const { readings, drops } = findings;
  const columns = odometerColumns(findings);
  if (readings.length === 0) {
    return (
      <>
        <SectionTitle>Odometer</SectionTitle>
        <Text>{REPORT_TEXTS.noRecords('odometer readings', provider)}</Text>
      </>
    );
  }
  const chart = readings.length > 1;
  return (
    <>
      {/* One reading makes no line: the table alone says it. */}
      <SectionTitle keepWith={chart ? 230 : 60}>Odometer</SectionTitle>
      {chart ? (
        <View wrap={false} style={{ marginBottom: 8 }}>
          <Text style={[styles.muted, styles.paragraph]}>
            {REPORT_TEXTS.chartCaption}
            {drops.length > 0 ? ` ${REPORT_TEXTS.odometerDrop}` : ''}
          </Text>
          <OdometerChart readings={readings} drops={drops} />
        </View>
      ) : null}
      <Table columns={columns} rows={readings} />
    </>
  );
}

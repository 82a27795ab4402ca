/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: the server runs under tsx from the repository root, where no tsconfig sets `jsx`.
import { Text } from '@react-pdf/renderer';
import { Fragment } from 'react';
import { formatCents } from '@vr/contracts';
import { formatDate, type RecordOf, type ReportFindings } from './report-findings.ts';
import { SectionTitle, SubTitle, Table, type Column } from './report-parts.tsx';
import { REPORT_TEXTS } from './report-texts.ts';
import { printable } from './win-ansi.ts';
import { dateOf, odometerText, orBlank, yesNo } from './report-format.ts';

/** A table for each kind of record a source reported. */

type RecordTable<K extends RecordKindInTables> = {
  kind: K;
  title: string;
  none: string;
  columns: Column<RecordOf<K>>[];
};
type RecordKindInTables =
  'junk-salvage-insurance' | 'theft' | 'accident' | 'salvage-auction' | 'sale-listing' | 'lien';

const dateColumn = {
  header: 'Date',
  width: 0.14,
  cell: (r: { date: string | null }) => dateOf(r.date),
};
const sourceColumn = (width: number) => ({
  header: 'Source',
  width,
  cell: (r: { source: string }) => r.source,
});

const RECORD_TABLES: { [K in RecordKindInTables]: RecordTable<K> } = {
  'junk-salvage-insurance': {
    kind: 'junk-salvage-insurance',
    title: 'Junk, salvage and insurance reports',
    none: 'junk, salvage or insurance reports',
    columns: [
      dateColumn,
      { header: 'Reported by', width: 0.17, cell: (r) => r.recordType },
      { header: 'Location', width: 0.16, cell: (r) => orBlank(r.location) },
      { header: 'Disposition', width: 0.22, cell: (r) => orBlank(r.disposition) },
      { header: 'For export', width: 0.11, cell: (r) => yesNo(r.intendedForExport) },
      sourceColumn(0.2),
    ],
  },
  theft: {
    kind: 'theft',
    title: 'Theft',
    none: 'theft records',
    columns: [
      dateColumn,
      { header: 'Status', width: 0.3, cell: (r) => r.status },
      {
        header: 'Recovered',
        width: 0.2,
        cell: (r) => (r.recoveredOn ? formatDate(r.recoveredOn) : 'Not recorded'),
      },
      sourceColumn(0.36),
    ],
  },
  accident: {
    kind: 'accident',
    title: 'Accidents and damage',
    none: 'accidents',
    columns: [
      dateColumn,
      { header: 'What happened', width: 0.58, cell: (r) => r.description },
      sourceColumn(0.28),
    ],
  },
  'salvage-auction': {
    kind: 'salvage-auction',
    title: 'Salvage auctions',
    none: 'salvage auctions',
    columns: [
      dateColumn,
      { header: 'Location', width: 0.2, cell: (r) => orBlank(r.location) },
      {
        header: 'Damage',
        width: 0.22,
        cell: (r) =>
          [r.primaryDamage, r.secondaryDamage].filter((d) => d !== null).join(', ') || '-',
      },
      { header: 'Odometer', width: 0.18, cell: (r) => odometerText(r.odometer) },
      sourceColumn(0.26),
    ],
  },
  'sale-listing': {
    kind: 'sale-listing',
    title: 'Sale listings',
    none: 'sale listings',
    columns: [
      dateColumn,
      {
        header: 'Price',
        width: 0.12,
        cell: (r) => (r.priceCents === null ? '-' : formatCents(r.priceCents)),
      },
      { header: 'Seller', width: 0.19, cell: (r) => orBlank(r.seller) },
      { header: 'Location', width: 0.17, cell: (r) => orBlank(r.location) },
      { header: 'Odometer', width: 0.16, cell: (r) => odometerText(r.odometer) },
      sourceColumn(0.22),
    ],
  },
  lien: {
    kind: 'lien',
    title: 'Liens',
    none: 'liens',
    columns: [
      dateColumn,
      { header: 'Lien holder', width: 0.38, cell: (r) => r.holder },
      // NMVTIS reports recorded liens and no releases: a lien is never called active or released.
      { header: 'Status', width: 0.16, cell: () => REPORT_TEXTS.lienStatus },
      sourceColumn(0.32),
    ],
  },
};

/** A kind's table with its rows (whatever their kind, as the table's cells read them). */
export type FilledRecordTable = {
  kind: RecordKindInTables;
  title: string;
  none: string;
  columns: Column<never>[];
  rows: unknown[];
};

const filled = <K extends RecordKindInTables>(
  table: RecordTable<K>,
  rows: RecordOf<K>[],
): FilledRecordTable => ({ ...table, columns: table.columns as Column<never>[], rows });

/** The record tables in the order the report shows them; the web view shows the same. */
export function recordTables(findings: ReportFindings): FilledRecordTable[] {
  const { records } = findings;
  return [
    filled(RECORD_TABLES['junk-salvage-insurance'], records['junk-salvage-insurance']),
    filled(RECORD_TABLES.accident, records.accident),
    filled(RECORD_TABLES['salvage-auction'], records['salvage-auction']),
    filled(RECORD_TABLES.theft, records.theft),
    filled(RECORD_TABLES.lien, records.lien),
    filled(RECORD_TABLES['sale-listing'], records['sale-listing']),
  ];
}

export function Records({ findings, provider }: { findings: ReportFindings; provider: string }) {
  const tables = recordTables(findings);
  // Kinds without records share one line instead of a heading each.
  const none = tables.flatMap((t) => (t.rows.length === 0 ? [t.none] : []));
  return (
    <>
      <SectionTitle>Records</SectionTitle>
      {tables
        .filter((t) => t.rows.length > 0)
        .map((t) => (
          <Fragment key={t.kind}>
            <SubTitle>{t.title}</SubTitle>
            <Table columns={t.columns} rows={t.rows as never[]} />
          </Fragment>
        ))}
      {none.length > 0 ? (
        <Text style={{ marginTop: 10 }}>{REPORT_TEXTS.noneOfKinds(none, printable(provider))}</Text>
      ) : null}
    </>
  );
}

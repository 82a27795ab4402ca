import { UNKNOWN, type ReportView, type ReportViewTable, type VpicResult } from '@vr/contracts';
import type { RecallList } from '../../../adapters/recalls/recalls-provider.ts';
import type { VehicleHistory } from '../../../adapters/vehicle-history/vehicle-history.ts';
import { FLAG_TOPIC_LABELS, reportFindings } from './report-findings.ts';
import { dateOf } from './report-format.ts';
import { odometerColumns, timelineHeadline } from './report-history.tsx';
import type { Column } from './report-parts.tsx';
import { recordTables } from './report-records.tsx';
import { REPORT_TEXTS } from './report-texts.ts';
import { toReportVehicle, vehicleFacts, vehicleName } from './report-vehicle.ts';

/** What a generated report was made of, kept with it (db/reports.schema.ts, `report_inputs`). */
export type ReportInputs = {
  decoded: VpicResult;
  history: VehicleHistory;
  recalls: RecallList;
  /** When each was gathered (ISO 8601). */
  gathered: { decodedAt: string; historyAt: string; recallsAt: string };
};

function table<T>(title: string, columns: Column<T>[], rows: readonly T[]): ReportViewTable {
  return {
    title,
    headers: columns.map((c) => c.header),
    rows: rows.map((row) =>
      columns.map((c) => ({ text: c.cell(row), alert: c.alert?.(row) ?? false })),
    ),
  };
}

/**
 * A report as a page, from its stored inputs through the findings, columns and wording its PDF
 * is laid out from (render-report-pdf.ts), so the page and the PDF cannot tell different stories.
 */
export function reportView(vin: string, inputs: ReportInputs): ReportView {
  const { history, recalls } = inputs;
  const vehicle = toReportVehicle(vin, inputs.decoded);
  const findings = reportFindings(history, recalls);
  const tables = recordTables(findings);
  const none = tables.filter((t) => t.rows.length === 0).map((t) => t.none);
  const name = vehicleName(vehicle);
  return {
    title: [name, vehicle.trim].filter((part) => part !== UNKNOWN).join(' '),
    sandbox: history.sandbox || recalls.sandbox,
    sandboxMark: REPORT_TEXTS.sandboxMark,
    facts: vehicleFacts(vehicle),
    safety: vehicle.safety,
    safetyTitle: REPORT_TEXTS.safetyEquipment,
    flags: findings.flags.map((flag) => ({
      ...flag,
      label: FLAG_TOPIC_LABELS[flag.topic] ?? flag.topic,
    })),
    legend: REPORT_TEXTS.legend,
    sources: REPORT_TEXTS.sources(history.provider, recalls.source, history.records.length > 0),
    gathered: inputs.gathered,
    timeline: findings.titleTimeline.map((record) => ({
      date: dateOf(record.date),
      headline: timelineHeadline(record),
      brand: record.kind === 'brand',
      source: record.source,
    })),
    timelineNone:
      findings.titleTimeline.length === 0
        ? REPORT_TEXTS.noRecords('title records', history.provider)
        : null,
    odometer:
      findings.readings.length > 0
        ? table('Odometer', odometerColumns(findings), findings.readings)
        : null,
    odometerNone:
      findings.readings.length === 0
        ? REPORT_TEXTS.noRecords('odometer readings', history.provider)
        : null,
    records: tables
      .filter((t) => t.rows.length > 0)
      .map((t) => table(t.title, t.columns as Column<unknown>[], t.rows)),
    recordsNone: none.length > 0 ? REPORT_TEXTS.noneOfKinds(none, history.provider) : null,
    recalls: {
      matched:
        recalls.models.length > 0
          ? REPORT_TEXTS.recallModels(recalls.models, recalls.source)
          : null,
      notice: recalls.campaigns.length > 0 ? REPORT_TEXTS.recallsByModel(name) : null,
      none:
        recalls.models.length === 0
          ? REPORT_TEXTS.recallsUnmatched
          : recalls.campaigns.length === 0
            ? REPORT_TEXTS.noRecords('recall campaigns for this model and year', recalls.source)
            : null,
      campaigns: recalls.campaigns.map((c) => ({
        heading: `Campaign ${c.campaignNumber}: ${c.component}`,
        reported: `Source: ${recalls.source}, campaign reported ${dateOf(c.reportedOn)}`,
        urgent: c.parkIt || c.parkOutside,
        advice: [
          ...(c.parkIt ? [REPORT_TEXTS.parkIt] : []),
          ...(c.parkOutside ? [REPORT_TEXTS.parkOutside] : []),
        ],
        details: [
          { label: 'The problem', text: c.summary },
          { label: 'The risk', text: c.consequence },
          { label: 'The remedy', text: c.remedy },
        ],
      })),
    },
    nmvtis: {
      title: REPORT_TEXTS.nmvtisNotice.title,
      paragraphs: [...REPORT_TEXTS.nmvtisNotice.paragraphs],
    },
    notCovered: [...REPORT_TEXTS.notCovered],
  };
}

import { z } from 'zod';
import { countOf, inNumber } from './plural.ts';

/** How long a share link works (docs/product-rules.md#sharing-a-report). */
export const SHARE_LINK_DAYS = 30;
/** Opens of one shared report (page data and PDF together) per hour; more answer 429. */
export const SHARED_REPORT_RATE_PER_HOUR = 120;
/** Shared-report requests (page, data, PDF) per client address per minute. */
export const SHARED_REPORT_RATE_PER_ADDRESS_MINUTE = 60;
/** The shared page's path: `${PUBLIC_URL}/r/<token>`. */
export const SHARED_REPORT_PAGE_PREFIX = '/r/';
/** The owner's web view of an order's report (the ready mail links here). */
export const reportViewPath = (orderId: string) =>
  `/dashboard/reports/${encodeURIComponent(orderId)}`;

export const REPORT_VIEW_MESSAGES = {
  notFound: 'Report order not found.',
  notReady: 'This report is not ready yet: it appears in My VIN Lookups when it is.',
  shareNotCompleted: 'Only a Completed report can be shared.',
  shareNotFound: 'This shared report link is invalid, was revoked or has expired.',
  shareRateExceeded: 'This shared report was opened too often; try again later.',
  sharedAddressRateExceeded: (perMinute: number, retryAfterSeconds: number) =>
    `At most ${countOf(perMinute, 'shared-report request')} a minute ${inNumber(perMinute, 'is', 'are')} answered per address; retry in ${retryAfterSeconds} s.`,
  snapshot: (generatedAt: string) =>
    `A snapshot made ${generatedAt}: records reported after that are not in it.`,
} as const;

export const reportFlagLevelSchema = z.enum(['green', 'amber', 'red']);
export type ReportFlagLevel = z.infer<typeof reportFlagLevelSchema>;

const factSchema = z.object({ label: z.string(), value: z.string() });
const cellSchema = z.object({ text: z.string(), alert: z.boolean() });
const tableSchema = z.object({
  title: z.string(),
  headers: z.array(z.string()),
  rows: z.array(z.array(cellSchema)),
});
export type ReportViewTable = z.infer<typeof tableSchema>;

/**
 * A report as a page: what its PDF shows, from the same findings (the server's
 * reports/render/report-findings.ts), as labelled texts and tables the page lays out as they come.
 */
export const reportViewSchema = z.object({
  title: z.string(),
  sandbox: z.boolean(),
  sandboxMark: z.string(),
  facts: z.array(factSchema),
  /** The safety equipment the decode lists (none: empty). */
  safety: z.array(factSchema),
  safetyTitle: z.string(),
  flags: z.array(
    z.object({
      topic: z.string(),
      label: z.string(),
      level: reportFlagLevelSchema,
      text: z.string(),
    }),
  ),
  legend: z.record(reportFlagLevelSchema, z.string()),
  sources: z.string(),
  /** When each input was gathered (ISO 8601). */
  gathered: z.object({ decodedAt: z.string(), historyAt: z.string(), recallsAt: z.string() }),
  timeline: z.array(
    z.object({ date: z.string(), headline: z.string(), brand: z.boolean(), source: z.string() }),
  ),
  timelineNone: z.string().nullable(),
  odometer: tableSchema.nullable(),
  odometerNone: z.string().nullable(),
  records: z.array(tableSchema),
  recordsNone: z.string().nullable(),
  recalls: z.object({
    /** The NHTSA model names the vehicle was matched to; null when none matched. */
    matched: z.string().nullable(),
    notice: z.string().nullable(),
    none: z.string().nullable(),
    campaigns: z.array(
      z.object({
        heading: z.string(),
        reported: z.string(),
        urgent: z.boolean(),
        advice: z.array(z.string()),
        details: z.array(z.object({ label: z.string(), text: z.string() })),
      }),
    ),
  }),
  nmvtis: z.object({ title: z.string(), paragraphs: z.array(z.string()) }),
  notCovered: z.array(z.string()),
});
export type ReportView = z.infer<typeof reportViewSchema>;

/** The owner's report routes under /api/api/report-orders/{id}/. */
export const reportOrderParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** A share link's token: /api/api/shared-reports/{token}, its PDF, and the page /r/{token}. */
export const sharedReportParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** GET /api/api/shared-reports/{token}: what a shared page shows; never the owner's e-mail. */
export const sharedReportResponseSchema = z.object({
  vin: z.string(),
  vehicle: z.string(),
  /** When the report was made (ISO 8601): the page is a snapshot of that moment. */
  generatedAt: z.string(),
  /** The PDF (relative link). */
  pdfUrl: z.string(),
  /** Null: the report is a PDF only (uploaded by an admin, or made before web views existed). */
  view: reportViewSchema.nullable(),
});
export type SharedReport = z.infer<typeof sharedReportResponseSchema>;

/** GET /api/api/report-orders/{id}/report-view: the owner's report as a page. */
export const reportViewResponseSchema = sharedReportResponseSchema.extend({
  orderId: z.string(),
  /** The PDF through a signed link valid for 15 minutes. */
  pdfUrl: z.string(),
  /**
   * Whether it can be shared: a Completed report; not one whose credit came back because we
   * found it wrong (docs/product-rules.md#problems-with-a-report).
   */
  shareable: z.boolean(),
});
export type ReportViewResponse = z.infer<typeof reportViewResponseSchema>;

/** POST /api/api/report-orders/{id}/share: the link, shown once (only its hash is kept). */
export const reportShareResponseSchema = z.object({
  url: z.string(),
  expiresAt: z.string().describe('ISO 8601'),
});
export type ReportShare = z.infer<typeof reportShareResponseSchema>;

/** GET /api/api/report-orders/{id}/share: whether a live link exists and how often it was opened. */
export const reportShareStatusSchema = z.object({
  shared: z.boolean(),
  expiresAt: z.string().nullable(),
  opens: z.number().int(),
});
export type ReportShareStatus = z.infer<typeof reportShareStatusSchema>;

/*
 * The reports module's front door: what the rest of the server uses of it. Other modules import
 * reports only from here.
 */
export { toReportVehicle } from './render/report-vehicle.ts';
export {
  createReportGenerationService,
  recallVehicle,
  ReportSourceFailure,
  type RenderReport,
  type ReportGenerationService,
} from './report-generation.service.ts';
export { registerReportGenerationJob } from './report-generation.job.ts';
export { createReportLinks } from './report-links.ts';
export { REPORT_FILE_MESSAGES } from './report-pdf.ts';
export { reportViewsRoutes, sharedPageRoutes, sharedReportRoutes } from './report-views.routes.ts';
export { createReportViewsService } from './report-views.service.ts';
export {
  createReportPool,
  inlineReportWork,
  pooledReportWork,
  REPORT_JOBS_PER_THREAD,
  type ReportWork,
} from './report-work.ts';
export { reportsRoutes, sampleReportRoutes } from './reports.routes.ts';
export { createReportsService, type ReportsService } from './reports.service.ts';
export { createSampleReport } from './sample-report.ts';

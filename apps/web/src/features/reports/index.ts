/**
 * Reports: a report as a page, the owner's (with sharing and "Report a problem") and the shared
 * one at `/r/:token`. Only the lazily loaded pages of `app/` import this door, so the report and
 * MUI stay off the first paint (decision 0015).
 */
export { ReportPageContent } from './ReportPageContent.tsx';
export { ProblemPanel } from './ProblemPanel.tsx';
export { SharePanel } from './SharePanel.tsx';
export { useReportView, useSharedReport } from './api.ts';

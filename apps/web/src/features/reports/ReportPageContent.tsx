import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REPORT_VIEW_MESSAGES, type SharedReport } from '@vr/contracts';
import type { ReactNode } from 'react';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { formatWhen } from '../../lib/format-when.ts';
import { DownloadPdfButton, PdfOnly, ReportBody } from './ReportBody.tsx';

/**
 * A report's page, the owner's and the shared one alike: its heading, when it was made (a
 * snapshot), Download PDF, then the report or its PDF-only notice; `extra` goes under the heading.
 */
export function ReportPageContent({
  query,
  extra,
}: {
  query: {
    isPending: boolean;
    error: Error | null;
    data: SharedReport | undefined;
    refetch: () => unknown;
  };
  extra?: ReactNode;
}) {
  const report = query.data;
  if (!report) {
    return (
      <QueryStatus
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box
        component="header"
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
      >
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
          {report.view?.title || report.vehicle}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', letterSpacing: '0.04em' }}>
          VIN {report.vin}
        </Typography>
        <Alert severity="info" icon={false}>
          {REPORT_VIEW_MESSAGES.snapshot(formatWhen(report.generatedAt))}
        </Alert>
        <DownloadPdfButton href={report.pdfUrl} />
        {extra}
      </Box>
      {report.view ? <ReportBody view={report.view} /> : <PdfOnly pdfUrl={report.pdfUrl} />}
    </Box>
  );
}

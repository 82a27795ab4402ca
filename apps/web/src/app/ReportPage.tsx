import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useParams, Link as RouterLink } from 'react-router';
import {
  ProblemPanel,
  ReportPageContent,
  SharePanel,
  useReportView,
} from '../features/reports/index.ts';
import { useDocumentTitle, usePublicConfig } from '../lib/public-config.ts';
import { useSession } from '../lib/session-context.ts';
import { AreaShell } from './AreaShell.tsx';
import { SignInFirst } from './SignInFirst.tsx';

/**
 * `/dashboard/reports/:orderId`: the owner's report as a page, with Download PDF and sharing. The
 * ready mail links here; a signed-out visitor signs in first and lands on the report.
 */
export default function ReportPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle('Report');
  const { orderId = '' } = useParams();
  const { loading, user, establish } = useSession();
  const report = useReportView(orderId, Boolean(user));
  if (loading || !user) {
    return <SignInFirst loading={loading} productName={productName} onSignedIn={establish} />;
  }
  return (
    <AreaShell title="Report" productName={productName}>
      <Button
        component={RouterLink}
        to="/dashboard"
        startIcon={<ArrowBack />}
        sx={{ mb: 1, ml: -1 }}
      >
        My VIN Lookups
      </Button>
      <ReportPageContent
        query={report}
        extra={
          report.data ? (
            <>
              {report.data.shareable ? <SharePanel orderId={orderId} /> : null}
              <ProblemPanel report={report.data} />
            </>
          ) : null
        }
      />
    </AreaShell>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { REPORT_VIEW_MESSAGES } from '@vr/contracts';
import { useParams } from 'react-router';
import { BrandMark } from '../components/BrandMark.tsx';
import { ReportPageContent, useSharedReport } from '../features/reports/index.ts';
import { ApiError } from '../lib/api.ts';
import { useDocumentTitle, usePublicConfig } from '../lib/public-config.ts';

/** `/r/:token`: a report someone shared, readable without an account. */
export default function SharedReportPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle('Shared report');
  const { token = '' } = useParams();
  const report = useSharedReport(token);
  const gone = report.error instanceof ApiError && report.error.status === 404;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.5,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <BrandMark size={30} />
        <Typography sx={{ fontWeight: 800 }}>{productName}</Typography>
        <Typography color="text.secondary" sx={{ ml: 'auto' }} variant="body2">
          Shared report
        </Typography>
      </Box>
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {gone ? (
          <Alert severity="warning">{REPORT_VIEW_MESSAGES.shareNotFound}</Alert>
        ) : (
          <ReportPageContent query={report} />
        )}
      </Container>
    </Box>
  );
}

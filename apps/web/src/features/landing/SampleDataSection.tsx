import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { REPORT_CONTENTS } from '@vr/contracts';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { SampleReportArt } from './SampleReportArt.tsx';

/** Sample data: what a report covers, a sample image and the "View Sample Data" button. */
export function SampleDataSection({
  onViewSample,
  onPrefetch,
}: {
  onViewSample: () => void;
  onPrefetch: () => void;
}) {
  return (
    <Box
      component="section"
      id="sample-data"
      aria-labelledby="sample-title"
      sx={{ scrollMarginTop: 72, py: { xs: 7, md: 11 } }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 8 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <Box>
            <Typography
              variant="overline"
              component="p"
              color="primary"
              sx={{ fontWeight: 800, letterSpacing: '0.12em' }}
            >
              Sample Data
            </Typography>
            <Typography
              id="sample-title"
              component="h2"
              variant="h3"
              sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' }, mt: 0.5, mb: 2 }}
            >
              See what a report includes
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Every report is a PDF you keep. It brings together the records publicly available for
              the vehicle, section by section:
            </Typography>
            <Box
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, display: 'grid', gap: 1.25 }}
            >
              {REPORT_CONTENTS.map((item) => (
                <Box
                  component="li"
                  key={item}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}
                >
                  <CheckCircleIcon fontSize="small" color="success" />
                  {item}
                </Box>
              ))}
            </Box>
            <Button
              variant="outlined"
              size="large"
              onClick={onViewSample}
              onPointerEnter={onPrefetch}
              onFocus={onPrefetch}
            >
              View Sample Data
            </Button>
          </Box>
          <SampleReportArt />
        </Box>
      </Container>
    </Box>
  );
}

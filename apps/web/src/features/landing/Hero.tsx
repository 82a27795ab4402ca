import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { CREDITS_NEVER_EXPIRE, REPORT_CONTENTS_SENTENCE, formatCents } from '@vr/contracts';
import type { PlateSearchProps } from '../../components/lookup/PlateSearchForm.tsx';
import { SearchPanel } from '../../components/lookup/SearchPanel.tsx';
import type { VinSearchProps } from '../../components/lookup/VinSearchForm.tsx';

export interface PriceHint {
  /** The catalog's lowest per-lookup price in cents; undefined while loading, null if unknown. */
  fromCents: number | null | undefined;
}

/** "from $3.50", a placeholder of the same size while the catalog loads, or nothing without one. */
export function FromPrice({ fromCents }: PriceHint) {
  if (fromCents === undefined) {
    return (
      <Skeleton variant="text" component="span" sx={{ display: 'inline-block', width: '5.5em' }} />
    );
  }
  if (fromCents === null) return null;
  return <span>from {formatCents(fromCents)}</span>;
}

const TRUST_POINTS = [
  'Free VIN decode — no account needed',
  'Pay per report with prepaid credits',
  CREDITS_NEVER_EXPIRE,
];

/**
 * Home: the headline and the search. Desktop shows the tabs in the hero; the mobile layout shows
 * the same search in a card.
 */
export function Hero({
  mobile,
  fromCents,
  vinSearch,
  plateSearch,
}: PriceHint & {
  mobile: boolean;
  vinSearch: VinSearchProps;
  plateSearch: PlateSearchProps;
}) {
  const search = <SearchPanel vinSearch={vinSearch} plateSearch={plateSearch} />;
  return (
    <Box
      component="section"
      id="home"
      aria-labelledby="hero-title"
      sx={{
        scrollMarginTop: 72,
        color: '#fff',
        background:
          'radial-gradient(1200px 500px at 85% -10%, rgba(59,130,246,0.45), transparent 60%), linear-gradient(160deg, #0b1f3a 0%, #13306b 55%, #1d4ed8 130%)',
        pt: mobile ? 4 : { md: 10 },
        pb: mobile ? 5 : { md: 12 },
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: mobile ? 3 : 6,
            gridTemplateColumns: mobile ? '1fr' : '1.05fr 1fr',
            alignItems: 'center',
          }}
        >
          <Box>
            <Typography
              variant="overline"
              component="p"
              sx={{ color: '#93c5fd', fontWeight: 700, letterSpacing: '0.12em' }}
            >
              US vehicle history reports
            </Typography>
            <Typography
              id="hero-title"
              component="h1"
              variant="h2"
              sx={{ fontSize: mobile ? '2rem' : '3.25rem', lineHeight: 1.1, mt: 1, mb: 2 }}
            >
              Know the vehicle before you buy it
            </Typography>
            <Typography sx={{ color: '#dbeafe', fontSize: mobile ? '1rem' : '1.15rem', mb: 2 }}>
              Decode any VIN for free from NHTSA vehicle data, then get the full history:{' '}
              {REPORT_CONTENTS_SENTENCE}.
            </Typography>
            {fromCents === null ? null : (
              <Typography
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.75,
                  px: 1.5,
                  py: 0.5,
                  mb: mobile ? 0 : 3,
                  borderRadius: 999,
                  bgcolor: 'rgba(255,255,255,0.12)',
                  border: '1px solid rgba(255,255,255,0.2)',
                  color: '#fff',
                  fontSize: '0.95rem',
                }}
              >
                Full history lookups{' '}
                <Box component="strong" sx={{ whiteSpace: 'nowrap' }}>
                  <FromPrice fromCents={fromCents} />
                </Box>
              </Typography>
            )}
            {mobile ? null : (
              <Box
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}
              >
                {TRUST_POINTS.map((point) => (
                  <Box
                    component="li"
                    key={point}
                    sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: '#e2e8f0' }}
                  >
                    <CheckCircleIcon fontSize="small" sx={{ color: '#4ade80' }} />
                    {point}
                  </Box>
                ))}
              </Box>
            )}
          </Box>
          <Paper
            elevation={mobile ? 4 : 12}
            role="search"
            aria-label="Vehicle search"
            data-layout={mobile ? 'mobile' : 'desktop'}
            sx={{ p: mobile ? 2.5 : 4, color: 'text.primary' }}
          >
            <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
              {mobile ? 'Look up a vehicle' : 'Start with a free VIN decode'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Decode a VIN for free, or find the VIN of a US license plate.
            </Typography>
            {search}
          </Paper>
        </Box>
      </Container>
    </Box>
  );
}

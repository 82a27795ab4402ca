import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  CREDITS_NEVER_EXPIRE,
  formatCents,
  savingsAgainstFirst,
  unitPriceCents,
  type CreditPackage,
} from '@vr/contracts';
import type { CatalogState } from './api.ts';
import { FromPrice } from './Hero.tsx';
import { SectionHeading } from './SectionHeading.tsx';

const GRID = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2.5 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

function PackageCard({
  pkg,
  packages,
}: {
  pkg: CreditPackage;
  packages: readonly CreditPackage[];
}) {
  const savings = savingsAgainstFirst(packages, pkg);
  const credits = `${pkg.creditAmount} ${pkg.creditAmount === 1 ? 'Lookup' : 'Lookups'}`;
  return (
    <Paper
      component="article"
      aria-label={`${credits}, ${formatCents(pkg.amount, pkg.currency)}`}
      variant="outlined"
      sx={{
        position: 'relative',
        p: { xs: 2, sm: 3 },
        textAlign: 'center',
        borderWidth: pkg.popular ? 2 : 1,
        borderColor: pkg.popular ? 'primary.main' : 'divider',
        boxShadow: pkg.popular ? '0 12px 32px rgba(29,78,216,0.18)' : 'none',
      }}
    >
      {pkg.popular ? (
        <Chip
          label="POPULAR"
          color="primary"
          size="small"
          sx={{
            position: 'absolute',
            top: 0,
            left: '50%',
            transform: 'translate(-50%, -50%)',
            fontWeight: 800,
            letterSpacing: '0.08em',
          }}
        />
      ) : null}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {credits}
      </Typography>
      <Typography
        sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 800, lineHeight: 1.2, my: 1 }}
      >
        {formatCents(pkg.amount, pkg.currency)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatCents(unitPriceCents(pkg), pkg.currency)} per lookup
      </Typography>
      <Typography
        variant="body2"
        sx={{
          mt: 1,
          fontWeight: 700,
          color: savings.percent > 0 ? 'success.main' : 'text.secondary',
          minHeight: '1.5em',
        }}
      >
        {savings.percent > 0 ? `Save ${savings.percent}%` : 'Single report'}
      </Typography>
    </Paper>
  );
}

function PackageSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }} aria-hidden="true">
      <Skeleton sx={{ mx: 'auto' }} width="50%" />
      <Skeleton
        sx={{ mx: 'auto', fontSize: { xs: '1.75rem', sm: '2.25rem' }, my: 1 }}
        width="60%"
      />
      <Skeleton sx={{ mx: 'auto' }} width="70%" />
      <Skeleton sx={{ mx: 'auto', mt: 1 }} width="40%" />
    </Paper>
  );
}

/** Pricing from the package catalog, with per-lookup prices and savings against the first package. */
export function PricingSection({ catalog }: { catalog: CatalogState }) {
  return (
    <Box
      component="section"
      id="pricing"
      aria-labelledby="pricing-title"
      sx={{ scrollMarginTop: 72, py: { xs: 7, md: 11 }, bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple prepaid credits"
          subtitle={
            <>
              One credit buys one full vehicle history report. Buy more, pay less per lookup —{' '}
              <Box component="strong" sx={{ color: 'text.primary', whiteSpace: 'nowrap' }}>
                lookups{' '}
                <FromPrice
                  fromCents={
                    catalog.status === 'ready'
                      ? catalog.fromCents
                      : catalog.status === 'loading'
                        ? undefined
                        : null
                  }
                />
              </Box>
              .
            </>
          }
        />
        {catalog.status === 'ready' && catalog.stale ? (
          <Alert
            severity="warning"
            sx={{ mb: 3 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={catalog.retry}
                disabled={catalog.retrying}
              >
                Retry
              </Button>
            }
          >
            We could not load the latest prices, so these are the prices this browser last saw.
          </Alert>
        ) : null}
        {catalog.status === 'error' ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={catalog.retry}
                disabled={catalog.retrying}
              >
                Retry
              </Button>
            }
          >
            Prices could not be loaded: {catalog.message}
          </Alert>
        ) : (
          <Box sx={{ ...GRID, pt: 1.5 }} aria-busy={catalog.status === 'loading'}>
            {catalog.status === 'ready'
              ? catalog.packages.map((pkg) => (
                  <PackageCard key={pkg.packageId} pkg={pkg} packages={catalog.packages} />
                ))
              : Array.from({ length: 6 }, (_, i) => <PackageSkeleton key={i} />)}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
          {CREDITS_NEVER_EXPIRE} Prices in US dollars; secure card payment.
        </Typography>
      </Container>
    </Box>
  );
}

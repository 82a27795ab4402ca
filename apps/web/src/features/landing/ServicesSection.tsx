import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BoltIcon from '@mui/icons-material/Bolt';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import SavingsIcon from '@mui/icons-material/Savings';
import type { ReactNode } from 'react';
import { REPORT_CONTENTS_SENTENCE } from '@vr/contracts';
import { FromPrice, type PriceHint } from './Hero.tsx';
import { SectionHeading } from './SectionHeading.tsx';

function Service({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
      <Box
        sx={{
          width: 48,
          height: 48,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#e0eaff',
          color: 'primary.main',
          mb: 2,
        }}
        aria-hidden="true"
      >
        {icon}
      </Box>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}

/**
 * Services: affordable pricing, instant delivery, comprehensive records
 * (docs/product-rules.md#screens).
 */
export function ServicesSection({ fromCents }: PriceHint) {
  return (
    <Box
      component="section"
      id="services"
      aria-labelledby="services-title"
      sx={{ scrollMarginTop: 72, py: { xs: 7, md: 11 } }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="services-title"
          eyebrow="Services"
          title="Check before you buy"
          subtitle="Look up a used car, truck or motorcycle in minutes — no subscription, no surprises."
        />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Service icon={<SavingsIcon />} title="Affordable Pricing">
            Pay only for the reports you need with prepaid credits — full lookups{' '}
            <FromPrice fromCents={fromCents} />. Decoding a VIN is always free.
          </Service>
          <Service icon={<BoltIcon />} title="Instant Delivery">
            Order in seconds and your PDF report appears in your dashboard as soon as it is ready.
            If a report fails or is late, your credit is returned automatically.
          </Service>
          <Service icon={<FactCheckIcon />} title="Comprehensive Records">
            Every report covers {REPORT_CONTENTS_SENTENCE}, from state title records, insurers,
            salvage yards and NHTSA.
          </Service>
        </Box>
      </Container>
    </Box>
  );
}

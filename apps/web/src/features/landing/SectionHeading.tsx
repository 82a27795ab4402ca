import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <Box
      sx={{
        textAlign: align,
        maxWidth: align === 'center' ? 720 : 'none',
        mx: 'auto',
        mb: { xs: 4, md: 6 },
      }}
    >
      <Typography
        variant="overline"
        component="p"
        color="primary"
        sx={{ fontWeight: 800, letterSpacing: '0.12em' }}
      >
        {eyebrow}
      </Typography>
      <Typography
        id={id}
        component="h2"
        variant="h3"
        sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' }, mt: 0.5 }}
      >
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mt: 1.5, fontSize: { md: '1.1rem' } }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BrandMark } from '../../components/BrandMark.tsx';

/** Contact: the contact e-mail, the Terms of Service and the copyright. */
export function Footer({
  productName,
  contactEmail,
  onOpenTerms,
  onPrefetchTerms,
}: {
  productName: string;
  contactEmail: string;
  onOpenTerms: () => void;
  onPrefetchTerms: () => void;
}) {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      id="contact"
      sx={{ scrollMarginTop: 72, bgcolor: '#081629', color: '#cbd5e1', pt: 7, pb: 4 }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
            pb: 5,
            borderBottom: '1px solid rgba(148,163,184,0.2)',
          }}
        >
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 2 }}>
              <BrandMark size={30} onDark />
              <Typography component="p" sx={{ color: '#fff', fontWeight: 800, fontSize: '1.1rem' }}>
                {productName}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ maxWidth: 420 }}>
              Vehicle history reports for US vehicles, compiled from publicly accessible vehicle
              data. {productName} is an independent service, not affiliated with any other vehicle
              history provider.
            </Typography>
          </Box>
          <Box>
            <Typography component="h2" sx={{ color: '#fff', fontWeight: 700, mb: 1.5 }}>
              Contact
            </Typography>
            <Link href={`mailto:${contactEmail}`} sx={{ color: '#93c5fd', wordBreak: 'break-all' }}>
              {contactEmail}
            </Link>
          </Box>
          <Box>
            <Typography component="h2" sx={{ color: '#fff', fontWeight: 700, mb: 1.5 }}>
              Legal
            </Typography>
            <Link
              component="button"
              type="button"
              onClick={onOpenTerms}
              onPointerEnter={onPrefetchTerms}
              onFocus={onPrefetchTerms}
              sx={{ color: '#93c5fd', font: 'inherit', verticalAlign: 'baseline' }}
            >
              Terms of Service
            </Link>
          </Box>
        </Box>
        <Typography variant="body2" sx={{ pt: 3, color: '#94a3b8' }}>
          © {year} {productName}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}

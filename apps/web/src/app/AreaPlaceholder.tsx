import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle, usePublicConfig } from '../lib/public-config.ts';

/**
 * /dashboard and /admin until accounts exist: an honest page saying sign-in is not open yet.
 */
function AreaPlaceholder({ title, description }: { title: string; description: string }) {
  const { productName } = usePublicConfig();
  useDocumentTitle(title);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Container maxWidth="sm">
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
            {productName}
          </Typography>
          <Typography component="h1" variant="h4" sx={{ mt: 1, mb: 2 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {description}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            Sign-in is coming soon. Until then, the free VIN decode on the home page is open to
            everyone.
          </Typography>
          <Button component={RouterLink} to="/" variant="contained" size="large">
            Back to Home
          </Button>
        </Paper>
      </Container>
    </Box>
  );
}

export function DashboardPlaceholder() {
  return (
    <AreaPlaceholder
      title="Customer Dashboard"
      description="Your lookups, credits, saved cards and purchases will live here once customer accounts open."
    />
  );
}

export function AdminPlaceholder() {
  return (
    <AreaPlaceholder
      title="Admin Dashboard"
      description="User, credit and report order management will live here once accounts open."
    />
  );
}

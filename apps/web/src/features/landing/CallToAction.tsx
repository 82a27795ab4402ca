import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The call to action: "Sign In & Get Lookup" signed out, "Get Lookup" signed in. */
export function CallToAction({
  signedIn = false,
  onAction,
}: {
  signedIn?: boolean;
  onAction: () => void;
}) {
  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{ py: { xs: 6, md: 9 }, bgcolor: '#0b1f3a', color: '#fff' }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography
          id="cta-title"
          component="h2"
          variant="h4"
          sx={{ fontSize: { xs: '1.6rem', md: '2.2rem' }, mb: 1.5 }}
        >
          Ready to check a vehicle?
        </Typography>
        <Typography sx={{ color: '#cbd5e1', mb: 4 }}>
          Sign in to search by license plate and order the full vehicle history report.
        </Typography>
        <Button
          variant="contained"
          size="large"
          onClick={onAction}
          sx={{ bgcolor: '#fff', color: '#0b1f3a', '&:hover': { bgcolor: '#e2e8f0' } }}
        >
          {signedIn ? 'Get Lookup' : 'Sign In & Get Lookup'}
        </Button>
      </Container>
    </Box>
  );
}

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Spec section 2: a spinner while the current user is fetched. */
export function LoadingScreen() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

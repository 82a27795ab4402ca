import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A spinner while the current user is fetched (docs/product-rules.md#screens). */
export function LoadingScreen() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * What a list shows instead of rows: a spinner while loading, the error with the panel's prefix
 * and a retry, or the empty text. Renders nothing when there are rows to show.
 */
export function ListStatus({
  loading,
  error,
  errorPrefix,
  empty,
  emptyText,
  onRetry,
}: {
  loading: boolean;
  error: Error | null;
  errorPrefix: string;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
}) {
  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 5 }} role="status">
        <CircularProgress size={28} aria-label="Loading" />
      </Box>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        sx={{ my: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {errorPrefix} {error.message}
      </Alert>
    );
  }
  if (empty) {
    return (
      <Typography color="text.secondary" sx={{ py: 5, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return null;
}

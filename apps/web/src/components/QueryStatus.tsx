import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * What a block of fetched data shows instead of its content: a spinner while loading, the error
 * (after an optional prefix) with Retry, or the empty text. Renders nothing once there is content.
 */
export function QueryStatus({
  loading,
  error,
  onRetry,
  errorPrefix,
  empty = false,
  emptyText,
}: {
  loading: boolean;
  error: { message: string } | null;
  onRetry: () => void;
  /** Names what failed, before the server's message (the admin panels' wording). */
  errorPrefix?: string;
  /** Loaded, and nothing to show: `emptyText` stands in for the content. */
  empty?: boolean;
  emptyText?: string;
}) {
  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status">
        <CircularProgress size={28} aria-label="Loading" />
      </Box>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {errorPrefix ? `${errorPrefix} ${error.message}` : error.message}
      </Alert>
    );
  }
  if (empty && emptyText) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return null;
}

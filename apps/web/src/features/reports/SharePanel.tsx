import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SHARE_LINK_DAYS, countOf } from '@vr/contracts';
import { formatWhen } from '../../lib/format-when.ts';
import { useShareActions, useShareStatus } from './api.ts';

/** The owner shares the report with a link (seller, mechanic) and can revoke it at once. */
export function SharePanel({ orderId }: { orderId: string }) {
  const status = useShareStatus(orderId);
  const { create, revoke } = useShareActions(orderId);
  const made = create.data;
  const shared = status.data?.shared ?? false;
  const error = create.error ?? revoke.error ?? status.error;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} aria-label="Share this report">
      <Typography sx={{ fontWeight: 700 }}>Share this report</Typography>
      <Typography variant="body2" color="text.secondary">
        Anyone with the link can read the report and its PDF for {countOf(SHARE_LINK_DAYS, 'day')},
        without an account; your e-mail is not shown. Revoke it whenever you like.
      </Typography>
      {made ? (
        <TextField
          label="Share link (shown once)"
          value={made.url}
          size="small"
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-url' } }}
          onFocus={(e) => e.target.select()}
        />
      ) : null}
      {shared && status.data?.expiresAt ? (
        <Typography variant="body2" role="status">
          A link is live until {formatWhen(status.data.expiresAt)}; opened{' '}
          {countOf(status.data.opens, 'time')}.
        </Typography>
      ) : null}
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={create.isPending} onClick={() => create.mutate()}>
          {shared ? 'New link' : 'Create share link'}
        </Button>
        {shared ? (
          <Button color="error" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            Revoke link
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SandboxChallengeResult } from '@vr/contracts';

/**
 * The sandbox's 3-D Secure check of one payment (docs/decisions/0004-sandbox-payments.md), from
 * a purchase or from Pending Payments: the customer chooses how the bank's check ends, or leaves
 * it for later.
 */
export function ThreeDsDialog({
  what,
  busy,
  error,
  onResult,
  onLater,
}: {
  /** "this payment of $15.00 with Visa •••• 4242": what the bank asks to confirm. */
  what: string;
  busy: boolean;
  error: string | null;
  onResult: (result: SandboxChallengeResult) => void;
  onLater: () => void;
}) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onLater}
      fullWidth
      maxWidth="xs"
      aria-labelledby="three-ds-title"
    >
      <DialogTitle id="three-ds-title">Verify your card</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your bank asks you to confirm {what}. This is the sandbox&apos;s 3-D Secure check: choose
          how it ends.
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button disabled={busy} sx={{ mr: 'auto' }} onClick={onLater}>
          Later
        </Button>
        <Button color="error" disabled={busy} onClick={() => onResult('fail')}>
          Fail authentication
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => onResult('complete')}>
          Complete authentication
        </Button>
      </DialogActions>
    </Dialog>
  );
}

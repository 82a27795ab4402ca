import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { DialogHeader } from './DialogHeader.tsx';

/** Until customer accounts exist, the sign-in entry points say so plainly. */
export default function SignInComingDialog({
  open,
  productName,
  onClose,
}: {
  open: boolean;
  productName: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="sign-in-title" fullWidth maxWidth="xs">
      <DialogHeader id="sign-in-title" onClose={onClose}>
        Sign In
      </DialogHeader>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>
          {productName} accounts are opening soon. Signing in will let you search by license plate,
          buy credits and order full vehicle history reports.
        </Typography>
        <Typography color="text.secondary">
          Until then, the free VIN decode on this page works for everyone.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

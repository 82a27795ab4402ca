import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { ADMIN_MESSAGES, type AdminReportOrder } from '@vr/contracts';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context.ts';
import { useUploadReport } from './api.ts';
import { formatMegabytes } from './format.ts';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * The Upload Report modal (docs/product-rules.md#reports): the order, a PDF picker, Cancel, Upload.
 */
export function UploadReportDialog({
  order,
  onClose,
}: {
  order: Pick<AdminReportOrder, 'id' | 'userId' | 'vin' | 'status'> | null;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadReport();
  const toast = useToast();

  const close = () => {
    setFile(null);
    setError(null);
    upload.reset();
    onClose();
  };

  const submit = () => {
    if (!order) return;
    if (!file) {
      setError(ADMIN_MESSAGES.selectFile);
      return;
    }
    upload.mutate(
      { orderId: order.id, file },
      {
        onSuccess: (body) => {
          const result = body.results[0];
          if (body.success && (!result || result.success)) {
            toast.success(result?.message ?? body.message);
            close();
          } else {
            setError(ADMIN_MESSAGES.uploadFailed(result?.message ?? body.message));
          }
        },
        onError: (err) => setError(ADMIN_MESSAGES.uploadFailed(err.message)),
      },
    );
  };

  return (
    <Dialog open={order !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>Upload Report</DialogTitle>
      <DialogContent>
        {order ? (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.75, m: 0 }}
          >
            <Typography component="dt" color="text.secondary">
              Order ID
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
              {order.id}
            </Typography>
            <Typography component="dt" color="text.secondary">
              User ID
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
              {order.userId}
            </Typography>
            <Typography component="dt" color="text.secondary">
              VIN
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
              {order.vin}
            </Typography>
            <Typography component="dt" color="text.secondary">
              Status
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {order.status}
            </Typography>
          </Box>
        ) : null}
        <Button component="label" variant="outlined" startIcon={<UploadFile />} sx={{ mt: 2.5 }}>
          Choose PDF
          <input
            hidden
            type="file"
            accept="application/pdf,.pdf"
            aria-label="Report PDF"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (chosen && !isPdf(chosen)) {
                setFile(null);
                setError(ADMIN_MESSAGES.pdfOnly);
                return;
              }
              setFile(chosen);
              setError(null);
            }}
          />
        </Button>
        {file ? (
          <Typography sx={{ mt: 1.5 }} data-testid="chosen-file">
            {file.name} ({formatMegabytes(file.size)})
          </Typography>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, type AdminReportOrder } from '@vr/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useToast } from '../../components/toast/toast-context.ts';
import { useUploadReport } from './api.ts';
import { formatMegabytes } from './format.ts';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** The report to upload: none until a PDF is chosen (the picker refuses anything else). */
const uploadFormSchema = z.object({
  file: z.custom<File | null>().pipe(z.instanceof(File, { error: ADMIN_MESSAGES.selectFile })),
});

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
  const form = useForm<
    z.input<typeof uploadFormSchema>,
    unknown,
    z.output<typeof uploadFormSchema>
  >({ defaultValues: { file: null }, resolver: zodResolver(uploadFormSchema) });
  const { control, formState, setValue, setError, clearErrors } = form;
  const file = useWatch({ control, name: 'file' });
  const error = formState.errors.file?.message ?? formState.errors.root?.server?.message;
  const upload = useUploadReport();
  const toast = useToast();

  const close = () => {
    form.reset();
    upload.reset();
    onClose();
  };

  const failed = (message: string) =>
    setError('root.server', { message: ADMIN_MESSAGES.uploadFailed(message) });

  const submit = form.handleSubmit((values) => {
    if (!order) return;
    upload.mutate(
      { orderId: order.id, file: values.file },
      {
        onSuccess: (body) => {
          const result = body.results[0];
          if (body.success && (!result || result.success)) {
            toast.success(result?.message ?? body.message);
            close();
          } else {
            failed(result?.message ?? body.message);
          }
        },
        onError: (err) => failed(err.message),
      },
    );
  });

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
              clearErrors();
              if (chosen && !isPdf(chosen)) {
                setValue('file', null);
                setError('file', { message: ADMIN_MESSAGES.pdfOnly });
                return;
              }
              setValue('file', chosen);
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
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!file || upload.isPending}
        >
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

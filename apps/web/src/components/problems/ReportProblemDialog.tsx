import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import {
  PROBLEM_DESCRIPTION_MAX,
  PROBLEM_KIND_LABELS,
  PROBLEM_KINDS,
  PROBLEM_MESSAGES,
  type ProblemKind,
  type ReportProblemBody,
} from '@vr/contracts';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { useToast } from '../toast/toast-context.ts';

const COUNT = new Intl.NumberFormat('en-US');

/**
 * "Report a problem" on a Completed report (docs/product-rules.md#problems-with-a-report): what
 * is wrong and the customer's words, at most PROBLEM_DESCRIPTION_MAX characters. The order list
 * and the report's page both open it; `onReported` refreshes what they show.
 */
export function ReportProblemDialog({
  order,
  open,
  onClose,
  onReported,
}: {
  order: { id: string; vin: string; vehicle: string };
  open: boolean;
  onClose: () => void;
  onReported: () => unknown;
}) {
  const [kind, setKind] = useState<ProblemKind | ''>('');
  const [description, setDescription] = useState('');
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const send = useMutation({
    mutationFn: (body: ReportProblemBody) =>
      api('POST /report-orders/:id/problem', { params: { id: order.id }, body, auth: true }),
    onSuccess: onReported,
  });
  const toast = useToast();

  const close = () => {
    setFieldError(null);
    send.reset();
    onClose();
  };

  const submit = () => {
    if (!kind) {
      setFieldError({ field: 'kind', message: 'Choose what is wrong.' });
      return;
    }
    if (!description.trim()) {
      setFieldError({ field: 'description', message: 'Describe what is wrong.' });
      return;
    }
    send.mutate(
      { kind, description },
      {
        onSuccess: () => {
          toast.success(PROBLEM_MESSAGES.received);
          setKind('');
          setDescription('');
          close();
        },
        onError: (err) =>
          setFieldError({
            field: err instanceof ApiError ? err.field : undefined,
            message: err.message,
          }),
      },
    );
  };

  const tooLong = description.length > PROBLEM_DESCRIPTION_MAX;
  const descriptionError =
    fieldError?.field === 'description' ? fieldError.message : tooLong ? 'Too long.' : null;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="problem-title">
      <DialogTitle id="problem-title">Report a problem</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {order.vehicle} · VIN {order.vin}. We check the records and answer by e-mail; when we find
          the report wrong, your credit comes back.
        </Typography>
        <FormControl error={fieldError?.field === 'kind'} sx={{ mb: 2 }}>
          <FormLabel id="problem-kind-label">What is wrong?</FormLabel>
          <RadioGroup
            aria-labelledby="problem-kind-label"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as ProblemKind);
              setFieldError(null);
            }}
          >
            {PROBLEM_KINDS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio size="small" />}
                label={PROBLEM_KIND_LABELS[value]}
              />
            ))}
          </RadioGroup>
          {fieldError?.field === 'kind' ? (
            <Typography variant="caption" color="error">
              {fieldError.message}
            </Typography>
          ) : null}
        </FormControl>
        <TextField
          label="Describe what is wrong"
          multiline
          minRows={4}
          fullWidth
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            if (fieldError?.field === 'description') setFieldError(null);
          }}
          error={Boolean(descriptionError)}
          helperText={`${descriptionError ? `${descriptionError} ` : ''}${COUNT.format(description.length)} / ${COUNT.format(PROBLEM_DESCRIPTION_MAX)} characters`}
        />
        {fieldError && fieldError.field !== 'kind' && fieldError.field !== 'description' ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {fieldError.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={send.isPending || tooLong}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}

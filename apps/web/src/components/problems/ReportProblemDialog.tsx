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
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  PROBLEM_DESCRIPTION_MAX,
  PROBLEM_KIND_LABELS,
  PROBLEM_KINDS,
  PROBLEM_MESSAGES,
  type ReportProblemBody,
} from '@vr/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError, api } from '../../lib/api.ts';
import { useToast } from '../toast/toast-context.ts';
import {
  EMPTY_PROBLEM,
  reportProblemFormSchema,
  type ReportProblemValues,
} from './report-problem-form.ts';

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
  const form = useForm<ReportProblemValues, unknown, ReportProblemBody>({
    defaultValues: EMPTY_PROBLEM,
    resolver: zodResolver(reportProblemFormSchema),
    // A message shows on Send and goes when its field is edited; the focus stays on Send.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, formState, clearErrors, setError } = form;
  const send = useMutation({
    mutationFn: (body: ReportProblemBody) =>
      api('POST /report-orders/:id/problem', { params: { id: order.id }, body, auth: true }),
    onSuccess: onReported,
  });
  const toast = useToast();

  const close = () => {
    clearErrors();
    send.reset();
    onClose();
  };

  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: () => {
        toast.success(PROBLEM_MESSAGES.received);
        form.reset();
        close();
      },
      // The server's complaint about a field goes under it; any other above the buttons.
      onError: (err) => {
        const field = err instanceof ApiError ? err.field : undefined;
        setError(field === 'kind' || field === 'description' ? field : 'root.server', {
          message: err.message,
        });
      },
    }),
  );

  const description = useWatch({ control, name: 'description' });
  const tooLong = description.length > PROBLEM_DESCRIPTION_MAX;
  const kindError = formState.errors.kind?.message;
  const descriptionError = formState.errors.description?.message ?? (tooLong ? 'Too long.' : null);
  const otherError = formState.errors.root?.server?.message;
  const { ref: descriptionRef, ...descriptionField } = form.register('description', {
    onChange: () => clearErrors('description'),
  });
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="problem-title">
      <DialogTitle id="problem-title">Report a problem</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {order.vehicle} · VIN {order.vin}. We check the records and answer by e-mail; when we find
          the report wrong, your credit comes back.
        </Typography>
        <FormControl error={Boolean(kindError)} sx={{ mb: 2 }}>
          <FormLabel id="problem-kind-label">What is wrong?</FormLabel>
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <RadioGroup
                aria-labelledby="problem-kind-label"
                value={field.value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  clearErrors();
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
            )}
          />
          {kindError ? (
            <Typography variant="caption" color="error">
              {kindError}
            </Typography>
          ) : null}
        </FormControl>
        <TextField
          label="Describe what is wrong"
          multiline
          minRows={4}
          fullWidth
          inputRef={descriptionRef}
          {...descriptionField}
          error={Boolean(descriptionError)}
          helperText={`${descriptionError ? `${descriptionError} ` : ''}${COUNT.format(description.length)} / ${COUNT.format(PROBLEM_DESCRIPTION_MAX)} characters`}
        />
        {otherError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {otherError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={send.isPending || tooLong}
        >
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}

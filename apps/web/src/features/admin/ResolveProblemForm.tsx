import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PROBLEM_ACTION_LABELS,
  PROBLEM_ACTIONS,
  PROBLEM_REPLY_MAX,
  problemActionSchema,
  type AdminProblem,
  type ProblemAction,
} from '@vr/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useToast } from '../../components/toast/toast-context.ts';
import { useResolveProblem } from './problems-api.ts';

/** The answer: one of contracts' actions, and a reply to mail. */
const resolveFormSchema = z
  .object({ reply: z.string(), action: problemActionSchema })
  .refine((form) => form.reply.trim() !== '', {
    path: ['reply'],
    message: 'Write the reply the customer receives.',
  });
type ResolveValues = z.infer<typeof resolveFormSchema>;

function actionDisabled(problem: AdminProblem, action: ProblemAction): string | null {
  if (action === 'regenerate' && problem.reportSource === 'uploaded') {
    return 'an uploaded report is not regenerated; upload a corrected one';
  }
  if (action === 'refund' && problem.orderStatus !== 'Completed')
    return 'the order is not Completed';
  return null;
}

/** The answer to an open problem: a reply mailed to the customer and what is done with it. */
export function ResolveProblemForm({
  problem,
  onUpload,
}: {
  problem: AdminProblem;
  onUpload: () => void;
}) {
  const { control, register, handleSubmit, formState, clearErrors, setError } =
    useForm<ResolveValues>({
      defaultValues: { reply: '', action: 'reply' },
      resolver: zodResolver(resolveFormSchema),
      // A message shows on Send answer and goes when the reply is edited; the focus stays.
      reValidateMode: 'onSubmit',
      shouldFocusError: false,
    });
  const [reply, action] = useWatch({ control, name: ['reply', 'action'] });
  const resolve = useResolveProblem();
  const toast = useToast();
  const submit = (body: ResolveValues) =>
    // Answered, the problem leaves the open list and this form unmounts: the promise, unlike
    // mutate's callbacks, still says so.
    void resolve.mutateAsync({ id: problem.id, body }).then(
      (answer) => toast.success(answer.message),
      (err: Error) => setError('root.server', { message: err.message }),
    );
  const replyError = formState.errors.reply?.message;
  const serverError = formState.errors.root?.server?.message;
  const { ref: replyRef, ...replyField } = register('reply', { onChange: () => clearErrors() });
  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <TextField
        label="Reply to the customer"
        multiline
        minRows={3}
        fullWidth
        inputRef={replyRef}
        {...replyField}
        error={Boolean(replyError) || reply.length > PROBLEM_REPLY_MAX}
        helperText={
          replyError ??
          `${reply.length} / ${PROBLEM_REPLY_MAX} characters; mailed to ${problem.userEmail ?? 'the customer'}`
        }
      />
      <FormControl sx={{ mt: 1.5, display: 'flex' }}>
        <FormLabel id={`action-${problem.id}`}>And at the same time</FormLabel>
        <Controller
          control={control}
          name="action"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby={`action-${problem.id}`}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
            >
              {PROBLEM_ACTIONS.map((value) => {
                const why = actionDisabled(problem, value);
                return (
                  <FormControlLabel
                    key={value}
                    value={value}
                    disabled={why !== null}
                    control={<Radio size="small" />}
                    label={
                      why
                        ? `${PROBLEM_ACTION_LABELS[value]} (${why})`
                        : PROBLEM_ACTION_LABELS[value]
                    }
                  />
                );
              })}
            </RadioGroup>
          )}
        />
      </FormControl>
      {action === 'corrected' ? (
        <Box sx={{ mb: 1 }}>
          <Button size="small" variant="outlined" onClick={onUpload}>
            Upload corrected report
          </Button>
        </Box>
      ) : null}
      {serverError ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {serverError}
        </Alert>
      ) : null}
      <Box sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={resolve.isPending}>
          Send answer
        </Button>
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ADMIN_MESSAGES, type AdminUserRow } from '@vr/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useToast } from '../../components/toast/toast-context.ts';
import { useSetCredit } from './api.ts';

/** Parses the typed credit: a whole number of at least 0, else null. */
export function parseCredit(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The Actions cell of a user row: the new credit and Update (docs/admin-api.md, PUT /users/{id}).
 */
/** The new credit: a whole number of at least 0, else the form's message. */
const creditFormSchema = z.object({
  credit: z.string().refine((text) => parseCredit(text) !== null, ADMIN_MESSAGES.invalidCredits),
});
type CreditFormValues = z.infer<typeof creditFormSchema>;

export function CreditCell({ user, onUpdated }: { user: AdminUserRow; onUpdated?: () => void }) {
  const { control, register, handleSubmit, formState, clearErrors, reset } =
    useForm<CreditFormValues>({
      defaultValues: { credit: '' },
      resolver: zodResolver(creditFormSchema),
      // The message shows on Update and goes as soon as the value is edited.
      reValidateMode: 'onSubmit',
    });
  const value = useWatch({ control, name: 'credit' });
  const setCredit = useSetCredit();
  const toast = useToast();
  const error = formState.errors.credit?.message;
  const { ref, ...credit } = register('credit', { onChange: () => clearErrors('credit') });

  const submit = (values: CreditFormValues) =>
    setCredit.mutate(
      { userId: user.id, credit: parseCredit(values.credit)! },
      {
        onSuccess: (body) => {
          toast.success(body.message);
          reset();
          onUpdated?.();
        },
        onError: (err) => toast.error(err.message),
      },
    );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}
    >
      <TextField
        size="small"
        type="number"
        label="New credit"
        inputRef={ref}
        {...credit}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: { min: 0, step: 1, 'aria-label': `New credit for ${user.email}` },
        }}
        sx={{ width: 120 }}
      />
      <Button
        type="submit"
        variant="contained"
        size="small"
        disabled={value === '' || setCredit.isPending}
        sx={{ mt: 0.5, whiteSpace: 'nowrap' }}
      >
        Update
      </Button>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ADMIN_MESSAGES, type AdminUserRow } from '@vr/contracts';
import { useState } from 'react';
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
export function CreditCell({ user, onUpdated }: { user: AdminUserRow; onUpdated?: () => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setCredit = useSetCredit();
  const toast = useToast();

  const submit = () => {
    const credit = parseCredit(value);
    if (credit === null) {
      setError(ADMIN_MESSAGES.invalidCredits);
      return;
    }
    setCredit.mutate(
      { userId: user.id, credit },
      {
        onSuccess: (body) => {
          toast.success(body.message);
          setValue('');
          onUpdated?.();
        },
        onError: (err) => toast.error(err.message),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}
    >
      <TextField
        size="small"
        type="number"
        label="New credit"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
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

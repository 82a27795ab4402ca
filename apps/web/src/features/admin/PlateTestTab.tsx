import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, PLATE_MAX_LENGTH, US_STATES, VIN_LENGTH } from '@vr/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PlateSearchesList } from './PlateSearchesList.tsx';
import { runTryout, testPlate, useRefreshPlateSearches } from './api.ts';

const DEFAULT_STATE = 'CA';

function StateSelect({
  value,
  onChange,
  id,
}: {
  value: string;
  onChange: (v: string) => void;
  id: string;
}) {
  return (
    <TextField
      select
      size="small"
      id={id}
      label="State"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 120 }}
    >
      {US_STATES.map((s) => (
        <MenuItem key={s.code} value={s.code}>
          {s.code} — {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function PlateInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <TextField
      size="small"
      label="Plate number"
      value={value}
      onChange={(event) => onChange(event.target.value.toUpperCase().slice(0, PLATE_MAX_LENGTH))}
      slotProps={{ htmlInput: { maxLength: PLATE_MAX_LENGTH } }}
      sx={{ flex: '1 1 160px' }}
    />
  );
}

/** A titled block of the tab with the outcome below its form. */
function Block({
  title,
  children,
  result,
}: {
  title: string;
  children: ReactNode;
  result: Outcome;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2.5 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
      <OutcomeView outcome={result} />
    </Paper>
  );
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; body: unknown };

function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'idle') return null;
  if (outcome.kind === 'busy') {
    return (
      <Typography color="text.secondary" sx={{ mt: 1.5 }} role="status">
        Looking up…
      </Typography>
    );
  }
  if (outcome.kind === 'error') {
    return (
      <Alert severity="error" sx={{ mt: 1.5 }}>
        {outcome.message}
      </Alert>
    );
  }
  return (
    <Box
      component="pre"
      aria-label="Result"
      sx={{
        mt: 1.5,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflowX: 'auto',
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {JSON.stringify(outcome.body, null, 2)}
    </Box>
  );
}

/** What a tool's mutation shows under its form. */
function outcomeOf(mutation: {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: Error | null;
  data: unknown;
}): Outcome {
  if (mutation.isPending) return { kind: 'busy' };
  if (mutation.isError) {
    return { kind: 'error', message: mutation.error?.message || ADMIN_MESSAGES.plateQueryFailed };
  }
  if (mutation.isSuccess) return { kind: 'done', body: mutation.data };
  return { kind: 'idle' };
}

const formRow = { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' } as const;

/** The plate API test: one plate search as a customer's, listed below with the others. */
function PlateApiTest() {
  const refreshSearches = useRefreshPlateSearches();
  const { control, handleSubmit } = useForm({ defaultValues: { state: DEFAULT_STATE, plate: '' } });
  const [state, plate] = useWatch({ control, name: ['state', 'plate'] });
  const search = useMutation({
    mutationFn: (values: { state: string; plate: string }) =>
      testPlate(values.state, values.plate.trim()),
    onSettled: refreshSearches,
  });
  return (
    <Block title="Plate API test" result={outcomeOf(search)}>
      <Box
        component="form"
        noValidate
        sx={formRow}
        onSubmit={(event) => void handleSubmit((values) => search.mutate(values))(event)}
      >
        <Controller
          control={control}
          name="state"
          render={({ field }) => (
            <StateSelect id="plate-test-state" value={field.value} onChange={field.onChange} />
          )}
        />
        <Controller
          control={control}
          name="plate"
          render={({ field }) => <PlateInput value={field.value} onChange={field.onChange} />}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!state || !plate.trim() || search.isPending}
        >
          Test License Plate API
        </Button>
      </Box>
    </Block>
  );
}

/** The trial VIN lookup: a report for a VIN, e-mailed to one address when one is given. */
function VinTryout() {
  const { control, register, handleSubmit } = useForm({ defaultValues: { vin: '', email: '' } });
  const vin = useWatch({ control, name: 'vin' });
  const tryout = useMutation({
    mutationFn: (values: { vin: string; email: string }) =>
      runTryout({ vin: values.vin.trim(), vehicle: '', email: values.email.trim() }),
  });
  const { ref: emailRef, ...email } = register('email');
  return (
    <Block title="Trial VIN lookup" result={outcomeOf(tryout)}>
      <Box
        component="form"
        noValidate
        sx={formRow}
        onSubmit={(event) => void handleSubmit((values) => tryout.mutate(values))(event)}
      >
        <Controller
          control={control}
          name="vin"
          render={({ field }) => (
            <TextField
              size="small"
              label="VIN"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) =>
                field.onChange(event.target.value.toUpperCase().slice(0, VIN_LENGTH))
              }
              slotProps={{ htmlInput: { maxLength: VIN_LENGTH } }}
              sx={{ flex: '2 1 220px' }}
            />
          )}
        />
        <TextField
          size="small"
          type="email"
          label="Recipient e-mail (optional, one address)"
          inputRef={emailRef}
          {...email}
          sx={{ flex: '1 1 200px' }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={vin.length !== VIN_LENGTH || tryout.isPending}
        >
          Run VIN tryout
        </Button>
      </Box>
    </Block>
  );
}

/** All three are needed; the one message names them together, under the form. */
const plateTryoutSchema = z.object({
  state: z.string().min(1, ADMIN_MESSAGES.platesFieldsRequired),
  plate: z.string().trim().min(1, ADMIN_MESSAGES.platesFieldsRequired),
  email: z.string().trim().min(1, ADMIN_MESSAGES.platesFieldsRequired),
});
type PlateTryoutValues = z.infer<typeof plateTryoutSchema>;

/** The trial plate lookup: the plate's VIN and its report, e-mailed to one address. */
function PlateTryout() {
  const refreshSearches = useRefreshPlateSearches();
  const { control, register, handleSubmit, formState } = useForm<PlateTryoutValues>({
    defaultValues: { state: DEFAULT_STATE, plate: '', email: '' },
    resolver: zodResolver(plateTryoutSchema),
    // The message stays until the next try, as the outcome of a try does.
    reValidateMode: 'onSubmit',
  });
  const tryout = useMutation({
    mutationFn: (values: PlateTryoutValues) =>
      runTryout({ vin: '', vehicle: `${values.state}/${values.plate}`, email: values.email }),
    onSettled: refreshSearches,
  });
  const missing = Object.keys(formState.errors).length > 0;
  const { ref: emailRef, ...email } = register('email');
  return (
    <Block
      title="Trial plate lookup"
      result={
        missing
          ? { kind: 'error', message: ADMIN_MESSAGES.platesFieldsRequired }
          : outcomeOf(tryout)
      }
    >
      <Box
        component="form"
        noValidate
        sx={formRow}
        onSubmit={(event) => void handleSubmit((values) => tryout.mutate(values))(event)}
      >
        <Controller
          control={control}
          name="state"
          render={({ field }) => (
            <StateSelect id="trial-state" value={field.value} onChange={field.onChange} />
          )}
        />
        <Controller
          control={control}
          name="plate"
          render={({ field }) => <PlateInput value={field.value} onChange={field.onChange} />}
        />
        <TextField
          size="small"
          type="email"
          label="Recipient e-mail (one address)"
          inputRef={emailRef}
          {...email}
          sx={{ flex: '1 1 200px' }}
        />
        <Button type="submit" variant="contained" disabled={tryout.isPending}>
          Run plate tryout
        </Button>
      </Box>
    </Block>
  );
}

/**
 * Tab 3, License Plate Test: the plate API test, the trial lookups (tryout), and the recent plate
 * searches of every user.
 */
export function PlateTestTab() {
  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        License Plate Test
      </Typography>
      <PlateApiTest />
      <VinTryout />
      <PlateTryout />
      <PlateSearchesList />
    </Box>
  );
}

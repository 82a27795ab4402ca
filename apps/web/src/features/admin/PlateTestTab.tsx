import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, PLATE_MAX_LENGTH, US_STATES, VIN_LENGTH } from '@vr/contracts';
import { useState, type ReactNode } from 'react';
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

async function settle(
  run: () => Promise<unknown>,
  set: (o: Outcome) => void,
  after?: () => unknown,
) {
  set({ kind: 'busy' });
  try {
    set({ kind: 'done', body: await run() });
  } catch (err) {
    set({ kind: 'error', message: (err as Error).message || ADMIN_MESSAGES.plateQueryFailed });
  }
  await after?.();
}

const formRow = { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' } as const;

/**
 * Tab 3, License Plate Test: the plate API test, the trial lookups (tryout), and the recent plate
 * searches of every user.
 */
export function PlateTestTab() {
  const refreshSearches = useRefreshPlateSearches();
  const [testState, setTestState] = useState(DEFAULT_STATE);
  const [testPlateNumber, setTestPlateNumber] = useState('');
  const [testOutcome, setTestOutcome] = useState<Outcome>({ kind: 'idle' });

  const [vin, setVin] = useState('');
  const [vinEmail, setVinEmail] = useState('');
  const [vinOutcome, setVinOutcome] = useState<Outcome>({ kind: 'idle' });

  const [trialState, setTrialState] = useState(DEFAULT_STATE);
  const [trialPlate, setTrialPlate] = useState('');
  const [trialEmail, setTrialEmail] = useState('');
  const [trialOutcome, setTrialOutcome] = useState<Outcome>({ kind: 'idle' });

  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        License Plate Test
      </Typography>
      <Block title="Plate API test" result={testOutcome}>
        <Box
          component="form"
          noValidate
          sx={formRow}
          onSubmit={(event) => {
            event.preventDefault();
            void settle(
              () => testPlate(testState, testPlateNumber.trim()),
              setTestOutcome,
              refreshSearches,
            );
          }}
        >
          <StateSelect id="plate-test-state" value={testState} onChange={setTestState} />
          <PlateInput value={testPlateNumber} onChange={setTestPlateNumber} />
          <Button
            type="submit"
            variant="contained"
            disabled={!testState || !testPlateNumber.trim() || testOutcome.kind === 'busy'}
          >
            Test License Plate API
          </Button>
        </Box>
      </Block>

      <Block title="Trial VIN lookup" result={vinOutcome}>
        <Box
          component="form"
          noValidate
          sx={formRow}
          onSubmit={(event) => {
            event.preventDefault();
            void settle(
              () => runTryout({ vin: vin.trim(), vehicle: '', email: vinEmail.trim() }),
              setVinOutcome,
            );
          }}
        >
          <TextField
            size="small"
            label="VIN"
            value={vin}
            onChange={(event) => setVin(event.target.value.toUpperCase().slice(0, VIN_LENGTH))}
            slotProps={{ htmlInput: { maxLength: VIN_LENGTH } }}
            sx={{ flex: '2 1 220px' }}
          />
          <TextField
            size="small"
            type="email"
            label="Recipient e-mail (optional, one address)"
            value={vinEmail}
            onChange={(event) => setVinEmail(event.target.value)}
            sx={{ flex: '1 1 200px' }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={vin.length !== VIN_LENGTH || vinOutcome.kind === 'busy'}
          >
            Run VIN tryout
          </Button>
        </Box>
      </Block>

      <Block title="Trial plate lookup" result={trialOutcome}>
        <Box
          component="form"
          noValidate
          sx={formRow}
          onSubmit={(event) => {
            event.preventDefault();
            if (!trialState || !trialPlate.trim() || !trialEmail.trim()) {
              setTrialOutcome({ kind: 'error', message: ADMIN_MESSAGES.platesFieldsRequired });
              return;
            }
            void settle(
              () =>
                runTryout({
                  vin: '',
                  vehicle: `${trialState}/${trialPlate.trim()}`,
                  email: trialEmail.trim(),
                }),
              setTrialOutcome,
              refreshSearches,
            );
          }}
        >
          <StateSelect id="trial-state" value={trialState} onChange={setTrialState} />
          <PlateInput value={trialPlate} onChange={setTrialPlate} />
          <TextField
            size="small"
            type="email"
            label="Recipient e-mail (one address)"
            value={trialEmail}
            onChange={(event) => setTrialEmail(event.target.value)}
            sx={{ flex: '1 1 200px' }}
          />
          <Button type="submit" variant="contained" disabled={trialOutcome.kind === 'busy'}>
            Run plate tryout
          </Button>
        </Box>
      </Block>

      <PlateSearchesList />
    </Box>
  );
}

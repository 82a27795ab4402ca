import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import { PLATE_MAX_LENGTH, US_STATES } from '@vr/contracts';
import { useState, type FormEvent } from 'react';
import { LabeledInput, LabeledSelect } from '../LabeledInput.tsx';

/** What the plate input keeps: upper case, at most 10 characters. */
export function toPlateInput(typed: string): string {
  return typed.toUpperCase().slice(0, PLATE_MAX_LENGTH);
}

export interface PlateSearchProps {
  onSearch: (state: string, plate: string) => void;
  pending?: boolean;
  error?: string | null;
  /** Shown under the form while a lookup runs (what is happening, how long it has taken). */
  progress?: string | null;
}

/**
 * The License Plate tab (docs/product-rules.md#lookups): a state and a plate, upper case, at
 * most 10 characters; submit only when both are given.
 */
export function PlateSearchForm({ onSearch, pending = false, error, progress }: PlateSearchProps) {
  const [state, setState] = useState('');
  const [plate, setPlate] = useState('');
  const ready = state !== '' && plate.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || pending) return;
    onSearch(state, plate.trim());
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="License plate search">
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(150px, 0.8fr) 1fr auto' },
          alignItems: 'start',
        }}
      >
        <LabeledSelect
          label="State"
          name="state"
          value={state}
          onChange={(value) => {
            setState(value);
          }}
        >
          <option value="">Select a state</option>
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.code} — {s.name}
            </option>
          ))}
        </LabeledSelect>
        <LabeledInput
          label="License Plate"
          name="plate"
          value={plate}
          onChange={(event) => {
            setPlate(toPlateInput(event.target.value));
          }}
          placeholder="e.g. 7ABC123"
          autoComplete="off"
          inputProps={{
            maxLength: PLATE_MAX_LENGTH,
            spellCheck: false,
            autoCapitalize: 'characters',
            autoCorrect: 'off',
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!ready || pending}
          startIcon={<SearchIcon />}
          sx={{ minWidth: 132, height: 56 }}
        >
          {pending ? 'Searching...' : 'Search'}
        </Button>
      </Box>
      {progress ? (
        <Alert severity="info" sx={{ mt: 1.5 }} role="status">
          {progress}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}

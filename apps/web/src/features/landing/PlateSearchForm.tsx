import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import { PLATE_MAX_LENGTH, US_STATES } from '@vr/contracts';
import { useState, type FormEvent } from 'react';
import { LabeledInput, LabeledSelect } from '../../components/LabeledInput.tsx';

/** What the plate input keeps: upper case, at most 10 characters. */
export function toPlateInput(typed: string): string {
  return typed.toUpperCase().slice(0, PLATE_MAX_LENGTH);
}

/**
 * The License Plate tab: a state and a plate. Plate search needs an account, so a signed-out
 * visitor is asked to sign in (spec section 4 "Plate flow").
 */
export function PlateSearchForm({ onRequestSignIn }: { onRequestSignIn: () => void }) {
  const [state, setState] = useState('');
  const [plate, setPlate] = useState('');
  const ready = state !== '' && plate.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onRequestSignIn();
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
          disabled={!ready}
          startIcon={<SearchIcon />}
          sx={{ minWidth: 132, height: 56 }}
        >
          Search
        </Button>
      </Box>
    </Box>
  );
}

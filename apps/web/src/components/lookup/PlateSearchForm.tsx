import { PLATE_MAX_LENGTH, US_STATES } from '@vr/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../ui/Alert.tsx';
import { SelectField, TextField } from '../ui/fields.tsx';
import { SearchIcon } from '../ui/icons.tsx';
import './lookup.css';

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
    <form noValidate onSubmit={submit} aria-label="License plate search">
      <div className="lookup-plate-row">
        <SelectField label="State" name="state" value={state} onChange={setState}>
          <option value="">Select a state</option>
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.code} — {s.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="License Plate"
          name="plate"
          value={plate}
          onChange={(event) => setPlate(toPlateInput(event.target.value))}
          placeholder="e.g. 7ABC123"
          autoComplete="off"
          maxLength={PLATE_MAX_LENGTH}
          spellCheck={false}
          autoCapitalize="characters"
          autoCorrect="off"
        />
        <button
          type="submit"
          className="ui-button ui-button--contained ui-button--large lookup-submit"
          disabled={!ready || pending}
        >
          <span className="ui-button__start">
            <SearchIcon />
          </span>
          {pending ? 'Searching...' : 'Search'}
        </button>
      </div>
      {progress ? (
        <Alert severity="info" role="status" className="lookup-alert">
          {progress}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" className="lookup-alert">
          {error}
        </Alert>
      ) : null}
    </form>
  );
}

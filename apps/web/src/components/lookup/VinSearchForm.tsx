import { VIN_LENGTH, normalizeVin } from '@vr/contracts';
import type { FormEvent } from 'react';
import { Alert } from '../ui/Alert.tsx';
import { TextField } from '../ui/fields.tsx';
import { SearchIcon } from '../ui/icons.tsx';
import './lookup.css';

/** What a person typed, as the VIN input keeps it: upper case, no spaces, at most 17 characters. */
export function toVinInput(typed: string): string {
  return normalizeVin(typed).replace(/\s+/g, '').slice(0, VIN_LENGTH);
}

export interface VinSearchProps {
  vin: string;
  onVinChange: (vin: string) => void;
  onSearch: () => void;
  pending: boolean;
  error: string | null;
  /** Called when the visitor starts on the VIN: a chance to load the decoder early. */
  onPrepare?: () => void;
}

/** The VIN tab (docs/product-rules.md#lookups): search only at exactly 17 characters. */
export function VinSearchForm({
  vin,
  onVinChange,
  onSearch,
  pending,
  error,
  onPrepare,
}: VinSearchProps) {
  const complete = vin.length === VIN_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !pending) onSearch();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="VIN search">
      <div className="lookup-vin-row">
        <TextField
          label="VIN"
          name="vin"
          value={vin}
          onChange={(event) => onVinChange(toVinInput(event.target.value))}
          placeholder="e.g. 1HGCM82633A004352"
          autoComplete="off"
          onFocus={onPrepare}
          error={Boolean(error)}
          helperText={`${vin.length}/${VIN_LENGTH} characters`}
          maxLength={VIN_LENGTH}
          spellCheck={false}
          autoCapitalize="characters"
          autoCorrect="off"
          inputClassName="lookup-vin-input"
        />
        <button
          type="submit"
          className="ui-button ui-button--contained ui-button--large lookup-submit"
          disabled={!complete || pending}
        >
          <span className="ui-button__start">
            {pending ? <span className="ui-spinner" aria-hidden="true" /> : <SearchIcon />}
          </span>
          Search
        </button>
      </div>
      {error ? (
        <Alert severity="error" className="lookup-alert--wide">
          {error}
        </Alert>
      ) : null}
    </form>
  );
}

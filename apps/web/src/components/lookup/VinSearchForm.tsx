import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import { VIN_LENGTH, normalizeVin } from '@vr/contracts';
import type { FormEvent } from 'react';
import { LabeledInput } from '../LabeledInput.tsx';

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
    <Box component="form" noValidate onSubmit={submit} aria-label="VIN search">
      <Box sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' } }}>
        <LabeledInput
          label="VIN"
          name="vin"
          value={vin}
          onChange={(event) => onVinChange(toVinInput(event.target.value))}
          placeholder="e.g. 1HGCM82633A004352"
          autoComplete="off"
          onFocus={onPrepare}
          error={Boolean(error)}
          helperText={`${vin.length}/${VIN_LENGTH} characters`}
          inputProps={{
            maxLength: VIN_LENGTH,
            spellCheck: false,
            autoCapitalize: 'characters',
            autoCorrect: 'off',
            style: {
              fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, monospace',
              letterSpacing: '0.06em',
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!complete}
          loading={pending}
          loadingPosition="start"
          startIcon={<SearchIcon />}
          sx={{ minWidth: 132, height: 56, flexShrink: 0 }}
        >
          Search
        </Button>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}

import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

/*
 * Outlined text and select fields with a visible label, composed from MUI's parts rather than
 * TextField: TextField always bundles the menu-based Select (Popover, Modal), which the landing
 * page does not need.
 */

interface LabeledInputProps extends Omit<OutlinedInputProps, 'label' | 'id' | 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
}

export function LabeledInput({
  label,
  helperText,
  error,
  fullWidth = true,
  size,
  ...inputProps
}: LabeledInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth={fullWidth} error={error} size={size}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helperText ? helperId : undefined}
        {...inputProps}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

interface LabeledSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  name?: string;
  required?: boolean;
  size?: 'small' | 'medium';
}

/** A native select (fast, and the platform's own picker on phones) with a visible label. */
export function LabeledSelect({
  label,
  value,
  onChange,
  children,
  name,
  required,
  size,
}: LabeledSelectProps) {
  const id = useId();
  return (
    <FormControl fullWidth size={size} required={required}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ id, name }}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}

import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

/*
 * An outlined text field with a visible label for the MUI dialogs, composed from MUI's parts
 * rather than TextField: TextField always bundles the menu-based Select (Popover, Modal), which
 * the dialogs do not need. The plain pages use ui/fields.tsx, drawn to look the same.
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

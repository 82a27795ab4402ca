import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { ArrowDropDownIcon } from './icons.tsx';
import './ui.css';

/*
 * Outlined fields with a floating label, in the look of MUI's: the label sits in the box while
 * the field is empty and unfocused, and moves into a gap of the border otherwise (ui.css).
 */

/** The label, the box with the control and its outline, and what goes under the box. */
function FieldFrame({
  id,
  label,
  filled,
  error = false,
  children,
  below,
}: {
  id: string;
  label: string;
  filled: boolean;
  error?: boolean;
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <div className="ui-field" data-filled={filled || undefined} data-error={error || undefined}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="ui-field__box">
        {children}
        <fieldset className="ui-field__outline" aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {below}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'id'> {
  label: string;
  value: string;
  helperText?: ReactNode;
  error?: boolean;
  /** Extra classes of the input itself (e.g. the VIN's monospace letters). */
  inputClassName?: string;
}

export function TextField({
  label,
  value,
  helperText,
  error = false,
  inputClassName,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FieldFrame
      id={id}
      label={label}
      filled={value !== ''}
      error={error}
      below={
        helperText ? (
          <p className="ui-field__helper" id={helperId}>
            {helperText}
          </p>
        ) : null
      }
    >
      <input
        id={id}
        type="text"
        value={value}
        aria-invalid={error || undefined}
        aria-describedby={helperText ? helperId : undefined}
        className={inputClassName ? `ui-field__input ${inputClassName}` : 'ui-field__input'}
        {...inputProps}
      />
    </FieldFrame>
  );
}

/** A native select (fast, and the platform's own picker on phones) with its label always up. */
export function SelectField({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} filled>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="ui-field__input ui-field__select"
      >
        {children}
      </select>
      <ArrowDropDownIcon className="ui-field__arrow" />
    </FieldFrame>
  );
}

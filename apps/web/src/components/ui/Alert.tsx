import type { ReactNode } from 'react';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons.tsx';
import './ui.css';

export type Severity = 'success' | 'info' | 'warning' | 'error';

const ICONS = { success: SuccessIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon };

/**
 * A message box in the look of MUI's Alert: tinted ("standard") inside a page, solid ("filled")
 * for toasts. Its role is `alert` unless given another (a progress note is a `status`).
 */
export function Alert({
  severity,
  filled = false,
  role = 'alert',
  action,
  className,
  children,
  ...rest
}: {
  severity: Severity;
  filled?: boolean;
  role?: 'alert' | 'status';
  /** At the end of the box: a button such as Retry or Close. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
  'data-leaving'?: boolean;
}) {
  const Icon = ICONS[severity];
  const classes = ['ui-alert', filled ? 'ui-alert--filled' : 'ui-alert--standard', className];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      data-severity={severity}
      role={role}
      {...rest}
    >
      <Icon className="ui-alert__icon" />
      <div className="ui-alert__message">{children}</div>
      {action ? <div className="ui-alert__action">{action}</div> : null}
    </div>
  );
}

/*
 * The few icons of the plain (MUI-free) pages, drawn inline on a 24 px grid in the current
 * colour. Decorative: hidden from assistive technology, the text next to them says it all.
 */
import type { ReactNode } from 'react';
import './ui.css';

type IconProps = { className?: string };

function Icon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className ? `ui-icon ${className}` : 'ui-icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const LINE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="10" cy="10" r="6" {...LINE} />
      <path d="M14.5 14.5L20 20" {...LINE} strokeWidth={2.4} />
    </Icon>
  );
}

/** A filled disc with the tick cut out. */
export function CheckCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zM10 16.4l-4.2-4.2 1.4-1.4 2.8 2.8 6.6-6.6 1.4 1.4z"
      />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path fill="currentColor" d="M3 6h18v2H3zM3 11h18v2H3zM3 16h18v2H3z" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" {...LINE} />
    </Icon>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path fill="currentColor" d="M13 2L4 14h6.5L9.5 22 19 9.5h-6.5z" />
    </Icon>
  );
}

/** A piggy bank. */
export function SavingsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <g fill="currentColor">
        <ellipse cx="11" cy="12.5" rx="8" ry="6" />
        <path d="M6 8.5l1.5-4 3.5 3zM18 10.5h3.5v4H18zM6 16h3v4.5H6zM12.5 16h3v4.5h-3z" />
      </g>
      <path d="M9 9.5h4" fill="none" stroke="#fff" strokeWidth={1.5} strokeLinecap="round" />
    </Icon>
  );
}

/** A record card with a tick and two lines, cut out of the card. */
export function FactCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M4 3.5h16a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-13a2 2 0 0 1 2-2zM5.5 12.2l1.4-1.4 1.6 1.6 3.1-3.1 1.4 1.4-4.5 4.5zM14 9h5v2h-5zM14 13h5v2h-5z"
      />
    </Icon>
  );
}

export function ArrowDropDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path fill="currentColor" d="M7 10l5 5 5-5z" />
    </Icon>
  );
}

export function ErrorIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" {...LINE} />
      <path d="M12 7.5v5.5M12 16.5v.01" {...LINE} />
    </Icon>
  );
}

export function WarningIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5L2.5 20h19z" {...LINE} />
      <path d="M12 10v4.5M12 17.5v.01" {...LINE} />
    </Icon>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" {...LINE} />
      <path d="M12 11v5.5M12 7.5v.01" {...LINE} />
    </Icon>
  );
}

export function SuccessIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" {...LINE} />
      <path d="M8 12.5l2.8 2.8L16.5 9.5" {...LINE} />
    </Icon>
  );
}

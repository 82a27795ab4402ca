/*
 * The product's colours, shape and font stack: the one source for both styling systems. MUI's
 * theme (theme.ts) is built from it, and tokens.css repeats it as CSS custom properties for the
 * plain-CSS pages (test/palette.test.ts keeps the two equal).
 */
export const PALETTE = {
  primary: '#1d4ed8',
  primaryDark: '#1e3a8a',
  primaryLight: '#3b82f6',
  navy: '#0b1f3a',
  // Every status colour carries white text at 4.5:1 or more (WCAG AA): MUI's default warning
  // (#ed6c02) and info (#0288d1) fall to 3.1 and 3.9.
  success: '#15803d',
  warning: '#b45309',
  info: '#0369a1',
  error: '#c62828',
  background: '#f6f8fb',
  paper: '#ffffff',
  text: '#0f172a',
  textSecondary: '#475569',
  divider: '#e2e8f0',
} as const;

/** Corner radius of buttons and fields, in px. */
export const RADIUS_PX = 10;

/** Corner radius of cards (MUI's Paper), in px. */
export const CARD_RADIUS_PX = 14;

/** System fonts: nothing to download. */
export const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Liberation Sans"',
  'Arial',
  'sans-serif',
].join(',');

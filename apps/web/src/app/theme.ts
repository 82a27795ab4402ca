import { createTheme } from '@mui/material/styles';

const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Liberation Sans"',
  'Arial',
  'sans-serif',
].join(',');

/** Navy and blue for trust, green for money and success; system fonts (nothing to download). */
export const theme = createTheme({
  palette: {
    primary: { main: '#1d4ed8', dark: '#1e3a8a', light: '#3b82f6', contrastText: '#fff' },
    secondary: { main: '#0b1f3a', contrastText: '#fff' },
    // Every status colour carries white text at 4.5:1 or more (WCAG AA): MUI's default warning
    // (#ed6c02) and info (#0288d1) fall to 3.1 and 3.9.
    success: { main: '#15803d', contrastText: '#fff' },
    warning: { main: '#b45309', contrastText: '#fff' },
    info: { main: '#0369a1', contrastText: '#fff' },
    error: { main: '#c62828', contrastText: '#fff' },
    background: { default: '#f6f8fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: FONT_STACK,
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.015em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollBehavior: 'smooth' },
        '@media (prefers-reduced-motion: reduce)': { html: { scrollBehavior: 'auto' } },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10 }, sizeLarge: { padding: '10px 22px' } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
});

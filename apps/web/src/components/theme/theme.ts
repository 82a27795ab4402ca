import { createTheme } from '@mui/material/styles';
import { CARD_RADIUS_PX, FONT_STACK, PALETTE, RADIUS_PX } from './palette.ts';

/** Navy and blue for trust, green for money and success; system fonts (nothing to download). */
export const theme = createTheme({
  palette: {
    primary: {
      main: PALETTE.primary,
      dark: PALETTE.primaryDark,
      light: PALETTE.primaryLight,
      contrastText: '#fff',
    },
    secondary: { main: PALETTE.navy, contrastText: '#fff' },
    success: { main: PALETTE.success, contrastText: '#fff' },
    warning: { main: PALETTE.warning, contrastText: '#fff' },
    info: { main: PALETTE.info, contrastText: '#fff' },
    error: { main: PALETTE.error, contrastText: '#fff' },
    background: { default: PALETTE.background, paper: PALETTE.paper },
    text: { primary: PALETTE.text, secondary: PALETTE.textSecondary },
    divider: PALETTE.divider,
  },
  shape: { borderRadius: RADIUS_PX },
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
      styleOverrides: { root: { borderRadius: RADIUS_PX }, sizeLarge: { padding: '10px 22px' } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: CARD_RADIUS_PX } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
});

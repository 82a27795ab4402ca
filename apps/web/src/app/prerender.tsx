import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX } from '@vr/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { Header } from '../features/landing/Header.tsx';
import { Hero } from '../features/landing/Hero.tsx';
import { theme } from './theme.ts';

/*
 * Build-time first paint: the header and hero of `/`, rendered to static HTML and placed inside
 * #root by scripts/prerender.mjs. Visitors see the page at once instead of after the scripts
 * run; React replaces this markup on its first render (createRoot clears the container). The
 * copy is inert and hidden from assistive technology, since it does not respond yet. Both
 * layouts are rendered and CSS picks one with the same rule as useIsMobile (width; touch-first
 * pointer). The product name comes from the server at run time, so the copy leaves it out.
 */

const noop = () => undefined;

function Shell({ mobile }: { mobile: boolean }) {
  return (
    <>
      <Header productName="" mobile={mobile} onSignIn={noop} />
      <Hero
        mobile={mobile}
        fromCents={undefined}
        onRequestSignIn={noop}
        vinSearch={{ vin: '', onVinChange: noop, onSearch: noop, pending: false, error: null }}
      />
    </>
  );
}

const LAYOUT_CSS =
  `.vr-shell-mobile{display:none}` +
  `@media (max-width:${MOBILE_BREAKPOINT_PX}px),(pointer:coarse){` +
  `.vr-shell-desktop{display:none}.vr-shell-mobile{display:block}}`;

export function renderShell(): string {
  // Emotion's server rendering puts each style element next to the markup that uses it; in the
  // browser, emotion adopts those elements (same cache key) when the app starts.
  const markup = renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <div className="vr-shell-desktop">
        <Shell mobile={false} />
      </div>
      <div className="vr-shell-mobile">
        <Shell mobile />
      </div>
    </ThemeProvider>,
  );
  return `<div aria-hidden="true" inert><style>${LAYOUT_CSS}</style>${markup}</div>`;
}

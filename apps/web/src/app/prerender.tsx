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
        plateSearch={{ onSearch: noop }}
        vinSearch={{ vin: '', onVinChange: noop, onSearch: noop, pending: false, error: null }}
      />
    </>
  );
}

const LAYOUT_CSS =
  `.vr-shell-mobile{display:none}` +
  `@media (max-width:${MOBILE_BREAKPOINT_PX}px),(pointer:coarse){` +
  `.vr-shell-desktop{display:none}.vr-shell-mobile{display:block}}`;

const STYLE_ELEMENT = /<style data-emotion="[^"]*">([\s\S]*?)<\/style>/g;

/**
 * Emotion's server rendering writes a style element next to each styled element, repeating
 * shared rules. One style sheet in first-use order, each rule once, keeps the page small and
 * keeps sibling selectors (label + input) working.
 */
function hoistStyles(markup: string): { css: string; html: string } {
  const rules = new Set<string>();
  const html = markup.replace(STYLE_ELEMENT, (_, css: string) => {
    rules.add(css);
    return '';
  });
  return { css: [...rules].join(''), html };
}

export function renderShell(): string {
  const { css, html } = hoistStyles(
    renderToStaticMarkup(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <div className="vr-shell-desktop">
          <Shell mobile={false} />
        </div>
        <div className="vr-shell-mobile">
          <Shell mobile />
        </div>
      </ThemeProvider>,
    ),
  );
  return `<div aria-hidden="true" inert><style>${css}${LAYOUT_CSS}</style>${html}</div>`;
}

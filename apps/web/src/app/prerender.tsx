import { renderToStaticMarkup } from 'react-dom/server';
import { Header, Hero } from '../features/landing/index.ts';
import { MOBILE_MEDIA_QUERY } from '../lib/responsive.ts';

/*
 * Build-time first paint: the header and hero of `/`, rendered to static HTML and placed inside
 * #root by scripts/prerender.mjs. Visitors see the page at once instead of after the scripts
 * run; React replaces this markup on its first render (createRoot clears the container). The
 * copy is inert and hidden from assistive technology, since it does not respond yet. Its styles
 * are the app's own style sheet, which index.html links. Both layouts are rendered and CSS picks
 * one with the same rule as useIsMobile (width; touch-first pointer). The product name comes from
 * the server at run time, so the copy leaves it out; whether the visitor is signed in is known only
 * then too, so its header shows the session as loading, never Sign In.
 */

const noop = () => undefined;

function Shell({ mobile }: { mobile: boolean }) {
  return (
    <>
      <Header productName="" mobile={mobile} onSignIn={noop} loading />
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
  `@media ${MOBILE_MEDIA_QUERY}{.vr-shell-desktop{display:none}.vr-shell-mobile{display:block}}`;

export function renderShell(): string {
  const html = renderToStaticMarkup(
    <>
      <div className="vr-shell-desktop">
        <Shell mobile={false} />
      </div>
      <div className="vr-shell-mobile">
        <Shell mobile />
      </div>
    </>,
  );
  return `<div aria-hidden="true" inert><style>${LAYOUT_CSS}</style>${html}</div>`;
}

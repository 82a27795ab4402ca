import { useState } from 'react';
import { displayName, userInitials } from '@vr/contracts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { CloseIcon, MenuIcon } from '../../components/ui/icons.tsx';

/** The header anchors (docs/product-rules.md#screens), each scrolling to its section. */
export const SECTION_LINKS = [
  { label: 'Home', href: '#home' },
  { label: 'Services', href: '#services' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'Sample Data', href: '#sample-data' },
  { label: 'Contact', href: '#contact' },
] as const;

/** The signed-in user as the header shows it. */
export interface HeaderUser {
  email: string;
  firstName: string;
  lastName: string;
}

export function Header({
  productName,
  mobile,
  onSignIn,
  user = null,
  loading = false,
  onDashboard,
  onSignOut,
}: {
  productName: string;
  mobile: boolean;
  onSignIn: () => void;
  /** Signed in: Dashboard, initials and name, Sign Out; signed out: Sign In. */
  user?: HeaderUser | null;
  /**
   * While the current user is fetched: neither Sign In nor the account, so that a signed-in
   * visitor never sees Sign In (docs/product-rules.md#screens).
   */
  loading?: boolean;
  onDashboard?: () => void;
  onSignOut?: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = 'site-navigation';
  return (
    <header className={mobile ? 'landing-header landing-header--mobile' : 'landing-header'}>
      <div className="landing-container landing-header__bar">
        <a className="landing-brand" href="#home">
          <BrandMark size={mobile ? 30 : 34} />
          <span className="landing-brand__name">{productName}</span>
        </a>
        {mobile ? null : (
          <nav className="landing-nav" aria-label="Sections">
            {SECTION_LINKS.map((link) => (
              <a key={link.href} className="ui-button ui-button--text" href={link.href}>
                {link.label}
              </a>
            ))}
          </nav>
        )}
        {loading ? (
          <span className="landing-session-pending" role="status" aria-label="Checking sign-in">
            <span className="ui-spinner" aria-hidden="true" />
          </span>
        ) : user ? (
          <div className="landing-user">
            <button
              type="button"
              className={`ui-button ui-button--contained${mobile ? ' ui-button--small' : ''}`}
              onClick={onDashboard}
            >
              Dashboard
            </button>
            <span className="landing-avatar" aria-hidden="true">
              {userInitials(user)}
            </span>
            {mobile ? null : <span className="landing-user__name">{displayName(user)}</span>}
            {mobile ? null : (
              <button type="button" className="ui-button ui-button--text" onClick={onSignOut}>
                Sign Out
              </button>
            )}
          </div>
        ) : (
          <button type="button" className="ui-button ui-button--contained" onClick={onSignIn}>
            Sign In
          </button>
        )}
        {mobile ? (
          <button
            type="button"
            className="ui-icon-button landing-menu-button"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        ) : null}
      </div>
      {mobile && menuOpen ? (
        <nav className="landing-menu" id={navId} aria-label="Sections">
          {SECTION_LINKS.map((link) => (
            <a
              key={link.href}
              className="landing-menu__item"
              href={link.href}
              onClick={() => setMenuOpen(false)}
            >
              {link.label}
            </a>
          ))}
          {user && !loading ? (
            <button
              type="button"
              className="landing-menu__item"
              onClick={() => {
                setMenuOpen(false);
                onSignOut?.();
              }}
            >
              Sign Out
            </button>
          ) : null}
        </nav>
      ) : null}
    </header>
  );
}

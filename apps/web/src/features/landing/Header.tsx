import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { useState } from 'react';
import { displayName, userInitials } from '@vr/contracts';
import { BrandMark } from '../../components/BrandMark.tsx';

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
  onDashboard,
  onSignOut,
}: {
  productName: string;
  mobile: boolean;
  onSignIn: () => void;
  /** Signed in: Dashboard, initials and name, Sign Out; signed out: Sign In. */
  user?: HeaderUser | null;
  onDashboard?: () => void;
  onSignOut?: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = 'site-navigation';
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        bgcolor: 'rgba(255,255,255,0.96)',
        backdropFilter: 'saturate(180%) blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container
        maxWidth="lg"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, height: mobile ? 60 : 68 }}
      >
        <Box
          component="a"
          href="#home"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            color: 'text.primary',
            textDecoration: 'none',
            mr: 'auto',
            minWidth: 0,
          }}
        >
          <BrandMark size={mobile ? 30 : 34} />
          <Typography
            component="span"
            sx={{ fontWeight: 800, fontSize: mobile ? '1.05rem' : '1.2rem', whiteSpace: 'nowrap' }}
            noWrap
          >
            {productName}
          </Typography>
        </Box>
        {mobile ? null : (
          <Box component="nav" aria-label="Sections" sx={{ display: 'flex', gap: 0.5 }}>
            {SECTION_LINKS.map((link) => (
              <Button
                key={link.href}
                component="a"
                href={link.href}
                color="inherit"
                sx={{ color: 'text.secondary', '&:hover': { color: 'text.primary' } }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
        )}
        {user ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
            <Button variant="contained" size={mobile ? 'small' : 'medium'} onClick={onDashboard}>
              Dashboard
            </Button>
            <Avatar
              aria-hidden="true"
              sx={{ width: 34, height: 34, fontSize: '0.9rem', bgcolor: 'primary.main' }}
            >
              {userInitials(user)}
            </Avatar>
            {mobile ? null : (
              <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {displayName(user)}
              </Typography>
            )}
            {mobile ? null : (
              <Button color="inherit" onClick={onSignOut} sx={{ whiteSpace: 'nowrap' }}>
                Sign Out
              </Button>
            )}
          </Box>
        ) : (
          <Button variant="contained" onClick={onSignIn} sx={{ flexShrink: 0 }}>
            Sign In
          </Button>
        )}
        {mobile ? (
          <IconButton
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
            edge="end"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        ) : null}
      </Container>
      {mobile && menuOpen ? (
        <Box
          component="nav"
          id={navId}
          aria-label="Sections"
          sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 1 }}
        >
          {SECTION_LINKS.map((link) => (
            <Box
              key={link.href}
              component="a"
              href={link.href}
              onClick={() => setMenuOpen(false)}
              sx={{
                display: 'block',
                px: 3,
                py: 1.5,
                color: 'text.primary',
                textDecoration: 'none',
                fontWeight: 600,
                '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
              }}
            >
              {link.label}
            </Box>
          ))}
          {user ? (
            <Box
              component="button"
              type="button"
              onClick={() => {
                setMenuOpen(false);
                onSignOut?.();
              }}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                border: 0,
                bgcolor: 'transparent',
                font: 'inherit',
                cursor: 'pointer',
                px: 3,
                py: 1.5,
                color: 'text.primary',
                fontWeight: 600,
                '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
              }}
            >
              Sign Out
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { visuallyHidden } from '@mui/utils';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandMark } from '../components/BrandMark.tsx';
import { useSession } from '../lib/session-context.ts';

/** The header of the signed-in areas: product name, the user's e-mail, a menu with Sign Out. */
export function AreaShell({
  title,
  productName,
  children,
  homeButton = false,
  leading,
  headerExtra,
}: {
  title: string;
  productName: string;
  children: ReactNode;
  homeButton?: boolean;
  /** Before the brand, e.g. the mobile menu button. */
  leading?: ReactNode;
  /** Before the account button, e.g. the credit balance. */
  headerExtra?: ReactNode;
}) {
  const { user, signOut } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const onAdmin = useLocation().pathname.startsWith('/admin');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          {leading}
          {/* The logo leads home, as on every site. */}
          <Box
            component={RouterLink}
            to="/"
            aria-label={`${productName} home`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              color: 'inherit',
              textDecoration: 'none',
              minWidth: 0,
            }}
          >
            <BrandMark size={30} />
            <Typography
              component="span"
              sx={{ fontWeight: 800, display: { xs: 'none', sm: 'block' } }}
              noWrap
            >
              {productName}
            </Typography>
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {headerExtra}
          {user?.role === 'ADMIN' && !onAdmin ? (
            <Button
              component={RouterLink}
              to="/admin"
              color="inherit"
              sx={{ whiteSpace: 'nowrap' }}
            >
              Admin
            </Button>
          ) : null}
          {homeButton ? (
            <Button component={RouterLink} to="/" color="inherit" sx={{ whiteSpace: 'nowrap' }}>
              Back to Home
            </Button>
          ) : null}
          <Button
            color="inherit"
            startIcon={<AccountCircle />}
            aria-haspopup="menu"
            aria-controls={anchor ? 'account-menu' : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={(theme) => ({
              textTransform: 'none',
              minWidth: 0,
              // On a phone only the account icon shows; the e-mail stays the button's name.
              [theme.breakpoints.down('sm')]: { '& .MuiButton-startIcon': { mx: 0 } },
            })}
          >
            <Box
              component="span"
              sx={(theme) => ({
                display: 'block',
                whiteSpace: 'nowrap',
                fontWeight: 600,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                maxWidth: 320,
                [theme.breakpoints.down('sm')]: visuallyHidden,
              })}
            >
              {user?.email}
            </Box>
          </Button>
          <Menu
            id="account-menu"
            anchorEl={anchor}
            open={Boolean(anchor)}
            onClose={() => setAnchor(null)}
          >
            <MenuItem
              onClick={() => {
                setAnchor(null);
                void signOut();
              }}
            >
              Sign Out
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}

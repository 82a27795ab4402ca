import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CreditCard from '@mui/icons-material/CreditCard';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import type { ReactNode } from 'react';
import { useIsMobile } from '../lib/responsive.ts';
import { hasLookupIntent } from '../lib/lookup-intent.ts';
import { BuyCreditsSection, PurchaseHistorySection } from '../features/credits/index.ts';
import { PaymentInfoSection } from '../features/payments/index.ts';
import { VinRecordsSection } from '../features/vin-records/index.ts';
import { RecallAlertsSection } from '../features/recall-watch/index.ts';

export type SectionId = 'records' | 'recalls' | 'payments' | 'credits' | 'history';

const SECTIONS: { id: SectionId; label: string; icon: ReactNode }[] = [
  { id: 'records', label: 'VIN Records', icon: <DirectionsCar /> },
  { id: 'recalls', label: 'Recall Alerts', icon: <NotificationsActive /> },
  { id: 'payments', label: 'Payment Info', icon: <CreditCard /> },
  { id: 'credits', label: 'Buy Credits', icon: <ShoppingCart /> },
  { id: 'history', label: 'Purchase History', icon: <ReceiptLong /> },
];

function SectionList({
  current,
  onSelect,
  onSignOut,
}: {
  current: SectionId;
  onSelect: (id: SectionId) => void;
  onSignOut?: () => void;
}) {
  return (
    <List component="nav" aria-label="Dashboard sections" sx={{ py: 1 }}>
      {SECTIONS.map((s) => (
        <ListItemButton
          key={s.id}
          selected={s.id === current}
          aria-current={s.id === current ? 'page' : undefined}
          onClick={() => onSelect(s.id)}
          sx={{ borderRadius: 1.5, mx: 1, mb: 0.5 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>{s.icon}</ListItemIcon>
          <ListItemText primary={s.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        </ListItemButton>
      ))}
      {onSignOut ? (
        <>
          <Divider sx={{ my: 1 }} />
          <ListItemButton onClick={onSignOut} sx={{ borderRadius: 1.5, mx: 1 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Logout />
            </ListItemIcon>
            <ListItemText primary="Sign Out" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </ListItemButton>
        </>
      ) : null}
    </List>
  );
}

export function DashboardMenuButton({ onOpen }: { onOpen: () => void }) {
  return (
    <IconButton edge="start" aria-label="Open menu" onClick={onOpen}>
      <Menu />
    </IconButton>
  );
}

/**
 * The customer dashboard (docs/product-rules.md#screens): five sections switched in place, a side
 * navigation on desktop and a slide-in menu with Sign Out on mobile.
 */
export function DashboardBody({
  section,
  onSelect,
  menuOpen,
  onCloseMenu,
  onSignOut,
  addCardRequested,
  onAddCardHandled,
  onAddPaymentMethod,
}: {
  section: SectionId;
  onSelect: (id: SectionId) => void;
  menuOpen: boolean;
  onCloseMenu: () => void;
  onSignOut: () => void;
  addCardRequested: boolean;
  onAddCardHandled: () => void;
  onAddPaymentMethod: () => void;
}) {
  const mobile = useIsMobile();
  const current = SECTIONS.find((s) => s.id === section)!;
  const body =
    section === 'records' ? (
      <VinRecordsSection onBuyCredits={() => onSelect('credits')} />
    ) : section === 'recalls' ? (
      <RecallAlertsSection />
    ) : section === 'payments' ? (
      <PaymentInfoSection addCardRequested={addCardRequested} onAddCardHandled={onAddCardHandled} />
    ) : section === 'credits' ? (
      <BuyCreditsSection
        onAddPaymentMethod={onAddPaymentMethod}
        // Back to the vehicle the customer was about to order when the balance ran short.
        onCredited={() => hasLookupIntent() && onSelect('records')}
      />
    ) : (
      <PurchaseHistorySection />
    );
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      {mobile ? (
        <Drawer open={menuOpen} onClose={onCloseMenu} slotProps={{ paper: { sx: { width: 280 } } }}>
          <Typography sx={{ fontWeight: 800, px: 3, pt: 3, pb: 1 }}>Dashboard</Typography>
          <SectionList
            current={section}
            onSelect={(id) => {
              onSelect(id);
              onCloseMenu();
            }}
            onSignOut={() => {
              onCloseMenu();
              onSignOut();
            }}
          />
        </Drawer>
      ) : (
        <Paper variant="outlined" sx={{ width: 260, flexShrink: 0, position: 'sticky', top: 88 }}>
          <SectionList current={section} onSelect={onSelect} />
        </Paper>
      )}
      <Box component="section" aria-label={current.label} sx={{ flex: 1, minWidth: 0 }}>
        {body}
      </Box>
    </Box>
  );
}

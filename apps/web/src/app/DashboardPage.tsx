import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useDocumentTitle, usePublicConfig } from '../lib/public-config.ts';
import { AreaShell } from './AreaShell.tsx';
import { LazyAuthDialog } from './LazyAuthDialog.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { useSession } from './session-context.ts';

/** `/dashboard`: the customer area if signed in, otherwise the sign-in dialog (spec section 2). */
export default function DashboardPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle('Dashboard');
  const { loading, user, establish } = useSession();
  const navigate = useNavigate();
  if (loading) return <LoadingScreen />;
  if (!user) {
    return (
      <LazyAuthDialog
        open
        productName={productName}
        onClose={() => void navigate('/')}
        onSignedIn={establish}
      />
    );
  }
  return (
    <AreaShell title="Dashboard" productName={productName}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography sx={{ fontWeight: 700, mb: 1 }}>
          Welcome, {user.firstName} {user.lastName}.
        </Typography>
        <Typography color="text.secondary">
          You are signed in as {user.email}. Lookups, credits, saved cards and purchases arrive here
          with the next releases; until then, the free VIN decode on the home page is open to
          everyone.
        </Typography>
      </Paper>
    </AreaShell>
  );
}

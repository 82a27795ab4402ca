import { ADMIN_MESSAGES, TIMINGS } from '@vr/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AdminPanel } from '../features/admin/index.ts';
import { useToast } from '../components/toast/toast-context.ts';
import { ApiError, api } from '../lib/api.ts';
import { useDocumentTitle, usePublicConfig } from '../lib/public-config.ts';
import { AreaShell } from './AreaShell.tsx';
import { SignInFirst } from './SignInFirst.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { useSession } from '../lib/session-context.ts';

/**
 * `/admin` (docs/product-rules.md#screens): the panel shows only when an authenticated
 * `GET /api/api/admin/users` succeeds; 403 sends to `/`, any other failure hides the panel and
 * sends a signed-in user to `/`; a signed-out visitor gets the sign-in dialog.
 */
export default function AdminPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle('Admin Dashboard');
  const { loading, user, establish } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  /** The id of the user the admin check passed for. */
  const [adminFor, setAdminFor] = useState<string | null>(null);
  const admin = Boolean(user) && adminFor === user?.id;
  /** Set when the user signed in here: the check then reruns after 100 ms. */
  const signedInHere = useRef(false);

  useEffect(() => {
    if (loading || !user) return;
    const userId = user.id;
    let live = true;
    const check = async () => {
      try {
        await api('GET /admin/users', { query: { page: 1, size: 10 }, auth: true });
        if (live) setAdminFor(userId);
      } catch (err) {
        // 403 (not an admin) and every other failure: the panel stays hidden, back to `/`, and
        // the user is told why.
        if (!live) return;
        toast.error(
          err instanceof ApiError && err.status === 403
            ? ADMIN_MESSAGES.adminsOnly
            : ADMIN_MESSAGES.panelUnavailable((err as Error).message),
        );
        void navigate('/');
      }
    };
    const timer = setTimeout(() => void check(), signedInHere.current ? TIMINGS.adminRecheckMs : 0);
    signedInHere.current = false;
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [loading, user, navigate, toast]);

  if (loading || !user) {
    return (
      <SignInFirst
        loading={loading}
        productName={productName}
        onSignedIn={(session) => {
          signedInHere.current = true;
          establish(session);
        }}
      />
    );
  }
  if (!admin) return <LoadingScreen />;
  return (
    <AreaShell title={`${productName} Admin Dashboard`} productName={productName} homeButton>
      <AdminPanel />
    </AreaShell>
  );
}

import { useNavigate } from 'react-router';
import type { SessionBody } from '../lib/api.ts';
import { LazyAuthDialog } from './LazyAuthDialog.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';

/**
 * What a signed-in page shows without a user: a spinner while the session loads, then the sign-in
 * dialog; closing it goes home (docs/product-rules.md#screens).
 */
export function SignInFirst({
  loading,
  productName,
  onSignedIn,
}: {
  loading: boolean;
  productName: string;
  onSignedIn: (session: SessionBody) => void;
}) {
  const navigate = useNavigate();
  if (loading) return <LoadingScreen />;
  return (
    <LazyAuthDialog
      open
      productName={productName}
      onClose={() => void navigate('/')}
      onSignedIn={onSignedIn}
    />
  );
}

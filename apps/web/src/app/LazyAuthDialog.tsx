import { Suspense, lazy } from 'react';
import type { AuthDialogProps } from '../features/auth/AuthDialog.tsx';

/** The auth dialog and its schemas load when first wanted, never on the first paint. */
export const loadAuthDialog = () => import('../features/auth/AuthDialog.tsx');
const AuthDialog = lazy(loadAuthDialog);

export function LazyAuthDialog(props: AuthDialogProps) {
  return (
    <Suspense fallback={null}>
      <AuthDialog {...props} />
    </Suspense>
  );
}

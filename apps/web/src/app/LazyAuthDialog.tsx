import { Suspense } from 'react';
import { loadAuthDialog, type AuthDialogProps } from '../features/auth/index.ts';
import { lazyThemed } from '../components/theme/lazy-themed.tsx';
import type { SignInDialogSlot } from '../lib/sign-in-dialog.ts';

/** The auth dialog, its schemas and MUI load when first wanted, never on the first paint. */
const AuthDialog = lazyThemed(loadAuthDialog);

export function LazyAuthDialog(props: AuthDialogProps) {
  return (
    <Suspense fallback={null}>
      <AuthDialog {...props} />
    </Suspense>
  );
}

/** The sign-in dialog for features that open it (lib/sign-in-dialog.ts). */
export const SIGN_IN_DIALOG: SignInDialogSlot = {
  Dialog: LazyAuthDialog,
  prefetch: () => void loadAuthDialog(),
};

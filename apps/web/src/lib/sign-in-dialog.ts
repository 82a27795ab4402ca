import { createContext, useContext, type ComponentType } from 'react';
import type { SessionBody } from './api.ts';

/** What the sign-in dialog takes, whoever opens it. */
export interface SignInDialogProps {
  open: boolean;
  productName: string;
  onClose: () => void;
  /** A new session: kept by the caller (token and user) when the dialog closes after success. */
  onSignedIn: (session: SessionBody) => void;
}

/**
 * The sign-in dialog as the app hands it to the features that open it. The dialog lives in
 * features/auth, which no other feature may import (eslint.config.js): app/ composes the two.
 */
export interface SignInDialogSlot {
  Dialog: ComponentType<SignInDialogProps>;
  /** Starts loading the dialog's code before it is wanted. */
  prefetch: () => void;
}

export const SignInDialogContext = createContext<SignInDialogSlot | null>(null);

export function useSignInDialog(): SignInDialogSlot {
  const slot = useContext(SignInDialogContext);
  if (!slot) throw new Error('No sign-in dialog: render inside app/Providers.tsx');
  return slot;
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast/ToastProvider.tsx';
import { SignInDialogContext } from '../lib/sign-in-dialog.ts';
import { SIGN_IN_DIALOG } from './LazyAuthDialog.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * Everything every page needs: data cache, toasts and the sign-in dialog. No MUI here: the
 * landing page is plain, and what is built with MUI loads its theme with it (lazyThemed).
 */
export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SignInDialogContext.Provider value={SIGN_IN_DIALOG}>
          {children}
        </SignInDialogContext.Provider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

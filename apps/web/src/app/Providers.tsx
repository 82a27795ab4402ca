import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast/ToastProvider.tsx';
import { SignInDialogContext } from '../lib/sign-in-dialog.ts';
import { SIGN_IN_DIALOG } from './LazyAuthDialog.tsx';
import { theme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

/** Everything every page needs: data cache, theme, toasts and the sign-in dialog. */
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
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <SignInDialogContext.Provider value={SIGN_IN_DIALOG}>
            {children}
          </SignInDialogContext.Provider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { TIMINGS } from '@vr/contracts';
import type { Toast } from './toast-context.ts';

const enter = keyframes`
  from { opacity: 0; transform: translateY(-8px); }
  to { opacity: 1; transform: none; }
`;

/**
 * The top-right stack of toasts, below the header bar (64 px high) so it never covers the
 * header's balance or menu.
 */
export function ToastViewport({
  toasts,
  onDismiss,
}: {
  toasts: readonly Toast[];
  onDismiss: (id: number) => void;
}) {
  if (toasts.length === 0) return null;
  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: { xs: 72, sm: 76 },
        right: { xs: 12, sm: 20 },
        left: { xs: 12, sm: 'auto' },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        alignItems: { xs: 'stretch', sm: 'flex-end' },
        gap: 1,
        pointerEvents: 'none',
      }}
    >
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          severity={toast.type}
          variant="filled"
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          data-leaving={toast.leaving || undefined}
          onClose={() => onDismiss(toast.id)}
          sx={{
            pointerEvents: 'auto',
            width: { xs: 'auto', sm: 380 },
            boxShadow: 6,
            opacity: toast.leaving ? 0 : 1,
            transition: `opacity ${TIMINGS.toastFadeMs}ms ease`,
            animation: `${enter} 200ms ease-out`,
          }}
        >
          {toast.message}
        </Alert>
      ))}
    </Box>
  );
}

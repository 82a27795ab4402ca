import { TIMINGS } from '@vr/contracts';
import type { CSSProperties } from 'react';
import { Alert } from '../ui/Alert.tsx';
import { CloseIcon } from '../ui/icons.tsx';
import type { Toast } from './toast-context.ts';
import './toast.css';

/**
 * The top-right stack of toasts, below the header bar (64 px high) so it never covers the
 * header's balance or menu. Plain elements: toasts show on every page, the landing page included.
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
    <div
      className="toast-viewport"
      aria-live="polite"
      style={{ '--toast-fade-ms': `${TIMINGS.toastFadeMs}ms` } as CSSProperties}
    >
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          severity={toast.type}
          filled
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          data-leaving={toast.leaving || undefined}
          className="toast"
          action={
            <button
              type="button"
              className="ui-icon-button"
              aria-label="Close"
              title="Close"
              onClick={() => onDismiss(toast.id)}
            >
              <CloseIcon className="ui-icon--small" />
            </button>
          }
        >
          {toast.message}
        </Alert>
      ))}
    </div>
  );
}

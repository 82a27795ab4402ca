import { createContext, useContext } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** A notification (docs/product-rules.md#screens): id, message, type, duration. */
export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  duration: number;
  /** True during the fade that precedes removal. */
  leaving: boolean;
}

export interface ToastApi {
  /** Shows a toast for `duration` ms (default 3000) and returns its id. */
  show(message: string, type?: ToastType, duration?: number): number;
  success(message: string, duration?: number): number;
  error(message: string, duration?: number): number;
  warning(message: string, duration?: number): number;
  info(message: string, duration?: number): number;
  dismiss(id: number): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

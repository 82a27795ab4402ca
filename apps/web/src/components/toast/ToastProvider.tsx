import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TIMINGS } from '@vr/contracts';
import { ToastContext, type Toast, type ToastApi, type ToastType } from './toast-context.ts';
import { ToastViewport } from './ToastViewport.tsx';

/**
 * Holds the toasts (docs/product-rules.md#screens): each shows for its duration, then fades out
 * over 300 ms and is removed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>[]>());
  const nextId = useRef(1);

  const clearTimers = useCallback((id: number) => {
    for (const t of timers.current.get(id) ?? []) clearTimeout(t);
    timers.current.delete(id);
  }, []);

  const remove = useCallback(
    (id: number) => {
      clearTimers(id);
      setToasts((list) => list.filter((t) => t.id !== id));
    },
    [clearTimers],
  );

  const startLeaving = useCallback((id: number) => {
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      clearTimers(id);
      startLeaving(id);
      timers.current.set(id, [setTimeout(() => remove(id), TIMINGS.toastFadeMs)]);
    },
    [clearTimers, remove, startLeaving],
  );

  const show = useCallback(
    (message: string, type: ToastType = 'info', duration: number = TIMINGS.toastDefaultMs) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, type, duration, leaving: false }]);
      timers.current.set(id, [
        setTimeout(() => startLeaving(id), duration),
        setTimeout(() => remove(id), duration + TIMINGS.toastFadeMs),
      ]);
      return id;
    },
    [remove, startLeaving],
  );

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const list of all.values()) for (const t of list) clearTimeout(t);
      all.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (m, d) => show(m, 'success', d),
      error: (m, d) => show(m, 'error', d),
      warning: (m, d) => show(m, 'warning', d),
      info: (m, d) => show(m, 'info', d),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

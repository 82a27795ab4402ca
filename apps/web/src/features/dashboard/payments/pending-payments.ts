import { useSyncExternalStore } from 'react';

/** A pending payment: a purchase that did not end in success or failure. */
export interface PendingPayment {
  /** The payment intent id. */
  id: string;
  /** Integer cents. */
  amount: number;
  status: string;
  /** Epoch milliseconds when it became pending. */
  timestamp: number;
  description: string;
}

let items: readonly PendingPayment[] = [];
const listeners = new Set<() => void>();

function emit(next: readonly PendingPayment[]) {
  items = next;
  for (const listener of listeners) listener();
}

export const pendingPayments = {
  add(item: PendingPayment) {
    emit([item, ...items.filter((p) => p.id !== item.id)]);
  },
  update(id: string, status: string) {
    emit(items.map((p) => (p.id === id ? { ...p, status } : p)));
  },
  remove(id: string) {
    emit(items.filter((p) => p.id !== id));
  },
  clear() {
    emit([]);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pending payments of this page's life, shared by Buy Credits and Payment Info. */
export function usePendingPayments(): readonly PendingPayment[] {
  return useSyncExternalStore(subscribe, () => items);
}

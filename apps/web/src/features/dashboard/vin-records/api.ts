import { useQuery } from '@tanstack/react-query';
import type { CustomerReportOrder } from '@vr/contracts';
import { apiFetch } from '../../../lib/api.ts';

export const ORDER_KEYS = { mine: ['orders', 'mine'] as const };

/** How often the list refreshes while an order still waits for its report. */
const POLL_MS = 15_000;

const isFinal = (o: CustomerReportOrder) => o.status === 'Completed' || o.status === 'Refunded';

export function useMyOrders() {
  return useQuery({
    queryKey: ORDER_KEYS.mine,
    queryFn: () => apiFetch<CustomerReportOrder[]>('/report-orders/my-orders', { auth: true }),
    retry: 1,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((o) => !isFinal(o)) ? POLL_MS : false,
  });
}

/** Orders a report; the key makes a retried request return the first order, never a second. */
export function createReportOrder(vin: string, vehicle: string, idempotencyKey: string) {
  return apiFetch<{ id: string; reportUrl: string | null }>('/report-orders', {
    auth: true,
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify({ vin, vehicle }),
  });
}

export function fetchMyOrders() {
  return apiFetch<CustomerReportOrder[]>('/report-orders/my-orders', { auth: true });
}

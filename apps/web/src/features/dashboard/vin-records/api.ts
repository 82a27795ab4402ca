import { useQuery } from '@tanstack/react-query';
import type { CustomerReportOrder, ExistingOrderResponse } from '@vr/contracts';
import { ApiError, apiFetch } from '../../../lib/api.ts';

export const ORDER_KEYS = { mine: ['orders', 'mine'] as const };

/** How often the list refreshes while an order's report is made: Completed shows without reload. */
const POLL_MS = 2000;

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

/**
 * Orders a report; the key makes a retried request return the first order, never a second. The
 * caller's existing order of the VIN comes back as `existing` (409: nothing was charged).
 */
export async function createReportOrder(
  vin: string,
  vehicle: string,
  idempotencyKey: string,
): Promise<{ id: string } | { existing: ExistingOrderResponse }> {
  try {
    return await apiFetch<{ id: string; reportUrl: string | null }>('/report-orders', {
      auth: true,
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ vin, vehicle }),
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 409 && typeof err.body?.orderId === 'string') {
      return { existing: { message: err.message, orderId: err.body.orderId } };
    }
    throw err;
  }
}

export function fetchMyOrders() {
  return apiFetch<CustomerReportOrder[]>('/report-orders/my-orders', { auth: true });
}

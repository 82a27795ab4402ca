import { useQuery } from '@tanstack/react-query';
import { isOpenOrder, type CreateReportOrderBody, type ExistingOrderResponse } from '@vr/contracts';
import { ApiError, api } from '../../lib/api.ts';

export const ORDER_KEYS = { mine: ['orders', 'mine'] as const };

/** How often the list refreshes while an order's report is made: Completed shows without reload. */
const POLL_MS = 2000;

export function useMyOrders() {
  return useQuery({
    queryKey: ORDER_KEYS.mine,
    queryFn: fetchMyOrders,
    retry: 1,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((o) => isOpenOrder(o.status)) ? POLL_MS : false,
  });
}

/**
 * Orders a report; the key makes a retried request return the first order, never a second. The
 * caller's existing order of the VIN comes back as `existing` (409: nothing was charged). Run
 * through the order's mutation (use-report-order.ts).
 */
export async function createReportOrder(
  order: CreateReportOrderBody,
  idempotencyKey: string,
): Promise<{ id: string } | { existing: ExistingOrderResponse }> {
  try {
    return await api('POST /report-orders', {
      body: order,
      headers: { 'Idempotency-Key': idempotencyKey },
      auth: true,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 409 && typeof err.body?.orderId === 'string') {
      return { existing: { message: err.message, orderId: err.body.orderId } };
    }
    throw err;
  }
}

export function fetchMyOrders() {
  return api('GET /report-orders/my-orders', { auth: true });
}

/**
 * Opens a Completed order's PDF in a new tab with a freshly signed link. The tab opens at once,
 * inside the click (popup blockers allow only that), and is closed again when there is no report.
 */
export async function openOrderReport(orderId: string): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const fresh = (await fetchMyOrders()).find((o) => o.id === orderId);
    if (!fresh?.reportUrl) throw new Error('The report is not available.');
    if (win) win.location.href = fresh.reportUrl;
    else window.location.assign(fresh.reportUrl);
  } catch (err) {
    win?.close();
    throw err;
  }
}

/** How a customer tells two orders apart and quotes one to support: its id's first 8 characters. */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

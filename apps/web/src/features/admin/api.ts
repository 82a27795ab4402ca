import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCreditPurchase,
  AdminMarkProcessingResponse,
  AdminOrderCounts,
  AdminPlateSearchesResponse,
  AdminReportOrder,
  AdminUserOrdersResponse,
  AdminUserRow,
  BatchUploadResponse,
  Pagination,
} from '@vr/contracts';
import { ADMIN_MESSAGES } from '@vr/contracts';
import { ApiError, apiFetch as baseFetch, apiResponse, type ApiInit } from '../../lib/api.ts';

/**
 * The admin calls: an authentication failure reads as ADMIN_MESSAGES.authFailed
 * (docs/product-rules.md#no-mock-data).
 */
export async function apiFetch<T>(path: string, init: ApiInit): Promise<T> {
  try {
    return await baseFetch<T>(path, init);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      throw new ApiError(ADMIN_MESSAGES.authFailed, 401, err.body);
    }
    throw err;
  }
}

/** The admin lists' page size (docs/product-rules.md#screens). */
export const ADMIN_PAGE_SIZE = 10;

export type OrderFilter = 'all' | 'pending' | 'processing' | 'completed';

export const adminKeys = {
  all: ['admin'] as const,
  users: (page: number) => ['admin', 'users', page] as const,
  purchases: (page: number) => ['admin', 'purchases', page] as const,
  counts: ['admin', 'orders', 'counts'] as const,
  orders: (filter: OrderFilter, page: number) => ['admin', 'orders', filter, page] as const,
  userOrders: (userId: string, page: number) => ['admin', 'orders', 'user', userId, page] as const,
  plateSearches: (page: number) => ['admin', 'plate-searches', page] as const,
};

const ADMIN_QUERY = { retry: 1, placeholderData: keepPreviousData } as const;

interface UsersPage {
  data: AdminUserRow[];
  pagination: Pagination;
}

export function useAdminUsers(page: number) {
  return useQuery({
    queryKey: adminKeys.users(page),
    queryFn: () =>
      apiFetch<UsersPage>(`/admin/users?page=${page}&size=${ADMIN_PAGE_SIZE}`, { auth: true }),
    ...ADMIN_QUERY,
  });
}

export function findUserByEmail(email: string): Promise<AdminUserRow> {
  return apiFetch<AdminUserRow | { data: AdminUserRow }>(
    `/admin/users/email/${encodeURIComponent(email.trim())}`,
    { auth: true },
  ).then((body) => ('data' in body ? body.data : body));
}

export function useSetCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, credit }: { userId: string; credit: number }) =>
      apiFetch<{ success: boolean; message: string }>(
        `/admin/users/${encodeURIComponent(userId)}`,
        { auth: true, method: 'PUT', body: JSON.stringify({ credit }) },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

interface PurchasesPage {
  data: AdminCreditPurchase[];
  totalRecords: number;
  limit: number;
}

export function useAdminPurchases(page: number) {
  return useQuery({
    queryKey: adminKeys.purchases(page),
    queryFn: () =>
      apiFetch<PurchasesPage>(`/admin/credit-purchases?page=${page}&size=${ADMIN_PAGE_SIZE}`, {
        auth: true,
      }),
    ...ADMIN_QUERY,
  });
}

export function useOrderCounts() {
  return useQuery({
    queryKey: adminKeys.counts,
    queryFn: () =>
      apiFetch<{ counts: AdminOrderCounts }>('/admin/report-orders/counts', { auth: true }).then(
        (body) => body.counts,
      ),
    retry: 1,
  });
}

interface OrdersPage {
  data: AdminReportOrder[];
  pagination: Pagination;
  message: string;
}

const FILTER_PATHS: Record<OrderFilter, string> = {
  all: '/admin/report-orders',
  pending: '/admin/report-orders/pending',
  processing: '/admin/report-orders/processing',
  completed: '/admin/report-orders/completed',
};

export function useAdminOrders(filter: OrderFilter, page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.orders(filter, page),
    queryFn: () =>
      apiFetch<OrdersPage>(`${FILTER_PATHS[filter]}?page=${page}&size=${ADMIN_PAGE_SIZE}`, {
        auth: true,
      }),
    enabled,
    ...ADMIN_QUERY,
  });
}

export function useUserOrders(userId: string | null, page: number) {
  return useQuery({
    queryKey: adminKeys.userOrders(userId ?? '', page),
    queryFn: () =>
      apiFetch<AdminUserOrdersResponse>(
        `/admin/report-orders/user/${encodeURIComponent(userId ?? '')}?page=${page}&size=${ADMIN_PAGE_SIZE}`,
        { auth: true },
      ),
    enabled: userId !== null,
    ...ADMIN_QUERY,
  });
}

export function useUploadReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, file }: { orderId: string; file: File }) => {
      const form = new FormData();
      form.append('reportOrderIds', orderId);
      form.append('files', file, file.name);
      return apiFetch<BatchUploadResponse>('/admin/reports/batch-upload', {
        auth: true,
        method: 'POST',
        body: form,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** Marks a Pending order Processing; the lists and counts refresh. */
export function useMarkProcessing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<AdminMarkProcessingResponse>(
        `/admin/report-orders/${encodeURIComponent(orderId)}/processing`,
        { auth: true, method: 'POST' },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** Queues an order's report to be generated again now; the lists and counts refresh. */
export function useRegenerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<AdminMarkProcessingResponse>(
        `/admin/report-orders/${encodeURIComponent(orderId)}/regenerate`,
        { auth: true, method: 'POST' },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** Fetches a report with the admin's token and saves it as `report-{orderId}-{vin}.pdf`. */
export async function downloadReport(
  order: Pick<AdminReportOrder, 'id' | 'vin' | 'reportUrl'>,
): Promise<void> {
  if (!order.reportUrl) return;
  const path = order.reportUrl.replace(/^\/api\/api/, '');
  const res = await apiResponse(path, { auth: true, headers: { Accept: 'application/pdf' } });
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `report-${order.id}-${order.vin}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Every user's plate searches, newest first: who, which plate, the outcome, cache or provider. */
export function usePlateSearches(page: number) {
  return useQuery({
    queryKey: adminKeys.plateSearches(page),
    queryFn: () =>
      apiFetch<AdminPlateSearchesResponse>(
        `/admin/plate-searches?page=${page}&size=${ADMIN_PAGE_SIZE}`,
        { auth: true },
      ),
    ...ADMIN_QUERY,
  });
}

/** After a lookup of the tab, its list of searches shows it. */
export function useRefreshPlateSearches() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['admin', 'plate-searches'] });
}

export interface PlateTestResult {
  success: boolean;
  found: boolean;
  vin: string | null;
  error: string | null;
  message: string;
}

export function testPlate(state: string, plate: string): Promise<PlateTestResult> {
  return apiFetch<PlateTestResult>(
    `/license-plate/search/${encodeURIComponent(plate)}/${encodeURIComponent(state)}`,
    { auth: true },
  );
}

export function runTryout(body: {
  vin: string;
  vehicle: string;
  email: string;
}): Promise<Record<string, unknown>> {
  return apiFetch<Record<string, unknown>>('/admin/tryout', {
    auth: true,
    method: 'POST',
    body: JSON.stringify(body),
  });
}

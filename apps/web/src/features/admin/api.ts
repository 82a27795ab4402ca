import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReportOrder, AdminUserRow } from '@vr/contracts';
import { ADMIN_MESSAGES } from '@vr/contracts';
import {
  ApiError,
  api,
  apiResponse,
  type ApiAnswer,
  type ApiKey,
  type ApiRequest,
} from '../../lib/api.ts';

/**
 * The admin calls: an authentication failure reads as ADMIN_MESSAGES.authFailed
 * (docs/product-rules.md#no-mock-data).
 */
export async function adminApi<K extends ApiKey>(
  ...call: Parameters<typeof api<K>>
): Promise<ApiAnswer<K>> {
  try {
    return await api(...call);
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

/** The page of an admin list. */
const pageOf = (page: number) => ({ page, size: ADMIN_PAGE_SIZE });

export function useAdminUsers(page: number) {
  return useQuery({
    queryKey: adminKeys.users(page),
    queryFn: () => adminApi('GET /admin/users', { query: pageOf(page), auth: true }),
    ...ADMIN_QUERY,
  });
}

export function findUserByEmail(email: string): Promise<AdminUserRow> {
  return adminApi('GET /admin/users/email/:email', {
    params: { email: email.trim() },
    auth: true,
  }).then((body) => body.data);
}

export function useSetCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, credit }: { userId: string; credit: number }) =>
      adminApi('PUT /admin/users/:id', { params: { id: userId }, body: { credit }, auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useAdminPurchases(page: number) {
  return useQuery({
    queryKey: adminKeys.purchases(page),
    queryFn: () => adminApi('GET /admin/credit-purchases', { query: pageOf(page), auth: true }),
    ...ADMIN_QUERY,
  });
}

export function useOrderCounts() {
  return useQuery({
    queryKey: adminKeys.counts,
    queryFn: () =>
      adminApi('GET /admin/report-orders/counts', { auth: true }).then((body) => body.counts),
    retry: 1,
  });
}

const FILTER_LISTS = {
  all: 'GET /admin/report-orders',
  pending: 'GET /admin/report-orders/pending',
  processing: 'GET /admin/report-orders/processing',
  completed: 'GET /admin/report-orders/completed',
} as const satisfies Record<OrderFilter, ApiKey>;

export function useAdminOrders(filter: OrderFilter, page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.orders(filter, page),
    queryFn: () => adminApi(FILTER_LISTS[filter], { query: pageOf(page), auth: true }),
    enabled,
    ...ADMIN_QUERY,
  });
}

export function useUserOrders(userId: string | null, page: number) {
  return useQuery({
    queryKey: adminKeys.userOrders(userId ?? '', page),
    queryFn: () =>
      adminApi('GET /admin/report-orders/user/:userId', {
        params: { userId: userId ?? '' },
        query: pageOf(page),
        auth: true,
      }),
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
      return adminApi('POST /admin/reports/batch-upload', { body: form, auth: true });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** Marks a Pending order Processing; the lists and counts refresh. */
export function useMarkProcessing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      adminApi('POST /admin/report-orders/:id/processing', { params: { id: orderId }, auth: true }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** Queues an order's report to be generated again now; the lists and counts refresh. */
export function useRegenerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      adminApi('POST /admin/report-orders/:id/regenerate', { params: { id: orderId }, auth: true }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** Fetches a report with the admin's token and saves it as `report-{orderId}-{vin}.pdf`. */
export async function downloadReport(
  order: Pick<AdminReportOrder, 'id' | 'vin' | 'reportUrl'>,
): Promise<void> {
  if (!order.reportUrl) return;
  const path = order.reportUrl.replace(/^\/api\/api/, '');
  const res = await apiResponse(path, 'application/pdf');
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
    queryFn: () => adminApi('GET /admin/plate-searches', { query: pageOf(page), auth: true }),
    ...ADMIN_QUERY,
  });
}

/** After a lookup of the tab, its list of searches shows it. */
export function useRefreshPlateSearches() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['admin', 'plate-searches'] });
}

export function testPlate(state: string, plate: string) {
  return adminApi('GET /license-plate/search/:plate/:state', {
    params: { plate, state },
    auth: true,
  });
}

export function runTryout(body: ApiRequest<'POST /admin/tryout'>['body']) {
  return adminApi('POST /admin/tryout', { body, auth: true });
}

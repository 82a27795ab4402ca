import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';

const KEYS = {
  view: (orderId: string) => ['report-view', orderId] as const,
  share: (orderId: string) => ['report-share', orderId] as const,
  shared: (token: string) => ['shared-report', token] as const,
};

/** A 404 or 409 will not change on a retry. */
const retryUnlessFinal = (count: number, err: Error) =>
  count < 1 && !(err instanceof ApiError && (err.status === 404 || err.status === 409));

export function useReportView(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: KEYS.view(orderId),
    queryFn: () =>
      api('GET /report-orders/:id/report-view', { params: { id: orderId }, auth: true }),
    enabled,
    retry: retryUnlessFinal,
    // The signed PDF link lasts 15 minutes: a page left open fetches a fresh one.
    staleTime: 5 * 60_000,
    refetchInterval: 10 * 60_000,
  });
}

export function useSharedReport(token: string) {
  return useQuery({
    queryKey: KEYS.shared(token),
    queryFn: () => api('GET /shared-reports/:token', { params: { token } }),
    retry: retryUnlessFinal,
    staleTime: Infinity,
  });
}

export function useShareStatus(orderId: string) {
  return useQuery({
    queryKey: KEYS.share(orderId),
    queryFn: () => api('GET /report-orders/:id/share', { params: { id: orderId }, auth: true }),
  });
}

/** Makes a new link (the old one stops working) or revokes it; the status follows. */
export function useShareActions(orderId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEYS.share(orderId) });
  const create = useMutation({
    mutationFn: () => api('POST /report-orders/:id/share', { params: { id: orderId }, auth: true }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () =>
      api('DELETE /report-orders/:id/share', { params: { id: orderId }, auth: true }),
    onSuccess: () => {
      create.reset();
      return refresh();
    },
  });
  return { create, revoke };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReportShare,
  ReportShareStatus,
  ReportViewResponse,
  SharedReport,
} from '@vr/contracts';
import { ApiError, apiFetch } from '../../lib/api.ts';

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
      apiFetch<ReportViewResponse>(`/report-orders/${encodeURIComponent(orderId)}/report-view`, {
        auth: true,
      }),
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
    queryFn: () => apiFetch<SharedReport>(`/shared-reports/${encodeURIComponent(token)}`),
    retry: retryUnlessFinal,
    staleTime: Infinity,
  });
}

const sharePath = (orderId: string) => `/report-orders/${encodeURIComponent(orderId)}/share`;

export function useShareStatus(orderId: string) {
  return useQuery({
    queryKey: KEYS.share(orderId),
    queryFn: () => apiFetch<ReportShareStatus>(sharePath(orderId), { auth: true }),
  });
}

/** Makes a new link (the old one stops working) or revokes it; the status follows. */
export function useShareActions(orderId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEYS.share(orderId) });
  const create = useMutation({
    mutationFn: () => apiFetch<ReportShare>(sharePath(orderId), { auth: true, method: 'POST' }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => apiFetch<void>(sharePath(orderId), { auth: true, method: 'DELETE' }),
    onSuccess: () => {
      create.reset();
      return refresh();
    },
  });
  return { create, revoke };
}

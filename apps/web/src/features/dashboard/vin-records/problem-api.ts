import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerProblem, ReportProblemBody } from '@vr/contracts';
import { apiFetch } from '../../../lib/api.ts';
import { ORDER_KEYS } from './api.ts';

/** "Report a problem" on a Completed report; the order list then shows it Open. */
export function useReportProblem(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportProblemBody) =>
      apiFetch<CustomerProblem>(`/report-orders/${encodeURIComponent(orderId)}/problem`, {
        auth: true,
        method: 'POST',
        body: JSON.stringify(body),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDER_KEYS.mine }),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProblem, AdminProblemsResponse, ResolveProblemBody } from '@vr/contracts';
import { ADMIN_PAGE_SIZE, apiFetch } from './api.ts';

export type ProblemFilter = 'open' | 'resolved' | 'all';

const problemKeys = {
  all: ['admin', 'problems'] as const,
  list: (state: ProblemFilter, q: string, page: number) =>
    ['admin', 'problems', state, q, page] as const,
};

/** The Problems tab's page: open, resolved or all, optionally of one customer or order. */
export function useAdminProblems(state: ProblemFilter, q: string, page: number) {
  return useQuery({
    queryKey: problemKeys.list(state, q, page),
    queryFn: () => {
      const query = new URLSearchParams({
        state,
        page: String(page),
        size: String(ADMIN_PAGE_SIZE),
      });
      if (q) query.set('q', q);
      return apiFetch<AdminProblemsResponse>(`/admin/problems?${query}`, { auth: true });
    },
    retry: 1,
    placeholderData: keepPreviousData,
  });
}

/** Answers a problem; the lists, and the orders an answer may have refunded, refresh. */
export function useResolveProblem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveProblemBody }) =>
      apiFetch<{ success: boolean; message: string; problem: AdminProblem }>(
        `/admin/problems/${encodeURIComponent(id)}/resolve`,
        { auth: true, method: 'POST', body: JSON.stringify(body) },
      ),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: problemKeys.all });
      await client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

export const refreshProblems = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: problemKeys.all });

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResolveProblemBody } from '@vr/contracts';
import { ADMIN_PAGE_SIZE, adminApi } from './api.ts';

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
    queryFn: () =>
      adminApi('GET /admin/problems', {
        query: { state, page, size: ADMIN_PAGE_SIZE, ...(q ? { q } : {}) },
        auth: true,
      }),
    retry: 1,
    placeholderData: keepPreviousData,
  });
}

/** Answers a problem; the lists, and the orders an answer may have refunded, refresh. */
export function useResolveProblem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveProblemBody }) =>
      adminApi('POST /admin/problems/:id/resolve', { params: { id }, body, auth: true }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: problemKeys.all });
      await client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

export const refreshProblems = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: problemKeys.all });

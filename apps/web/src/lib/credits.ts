import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

export const CREDIT_KEYS = {
  balance: ['credits', 'balance'] as const,
  history: ['credits', 'history'] as const,
};

/** The balance; a failed fetch counts as 0 (docs/product-rules.md#screens). */
export function fetchBalance(): Promise<number> {
  return api('GET /user/credit', { auth: true })
    .then((b) => b.creditBalance)
    .catch(() => 0);
}

export function useCreditBalance(): number {
  const { data } = useQuery({
    queryKey: CREDIT_KEYS.balance,
    queryFn: fetchBalance,
    staleTime: 10_000,
  });
  return data ?? 0;
}

/** The balance as the server has it now, for decisions such as ordering. */
export function useFreshBalance() {
  const client = useQueryClient();
  return () =>
    client.fetchQuery({ queryKey: CREDIT_KEYS.balance, queryFn: fetchBalance, staleTime: 0 });
}

export function useCreditHistory() {
  return useQuery({
    queryKey: CREDIT_KEYS.history,
    queryFn: () => api('GET /user/credit-history', { auth: true }).then((b) => b.data),
    retry: 1,
  });
}

/** Refetches the balance and the purchase history, after any purchase or status change. */
export function useRefreshCredits() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: CREDIT_KEYS.balance }),
      client.invalidateQueries({ queryKey: CREDIT_KEYS.history }),
    ]);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchedVehicle, WatchedVehiclesResponse } from '@vr/contracts';
import { apiFetch } from '../../lib/api.ts';

export const RECALL_WATCH_KEYS = { watches: ['recalls', 'watches'] as const };

export function useWatchedVehicles() {
  return useQuery({
    queryKey: RECALL_WATCH_KEYS.watches,
    queryFn: () => apiFetch<WatchedVehiclesResponse>('/recalls/watches', { auth: true }),
    retry: 1,
  });
}

/** Turns a vehicle's recall alerts on or off; the list shows the server's answer. */
export function useSetWatching() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, watching }: { id: string; watching: boolean }) =>
      apiFetch<WatchedVehicle>(`/recalls/watches/${encodeURIComponent(id)}`, {
        auth: true,
        method: 'PUT',
        body: JSON.stringify({ watching }),
      }),
    onSuccess: (vehicle) =>
      client.setQueryData<WatchedVehiclesResponse>(RECALL_WATCH_KEYS.watches, (list) =>
        list
          ? { ...list, vehicles: list.vehicles.map((v) => (v.id === vehicle.id ? vehicle : v)) }
          : list,
      ),
  });
}

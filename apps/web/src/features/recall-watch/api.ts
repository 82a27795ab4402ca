import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchedVehiclesResponse } from '@vr/contracts';
import { api } from '../../lib/api.ts';

export const RECALL_WATCH_KEYS = { watches: ['recalls', 'watches'] as const };

export function useWatchedVehicles() {
  return useQuery({
    queryKey: RECALL_WATCH_KEYS.watches,
    queryFn: () => api('GET /recalls/watches', { auth: true }),
    retry: 1,
  });
}

/** Turns a vehicle's recall alerts on or off; the list shows the server's answer. */
export function useSetWatching() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, watching }: { id: string; watching: boolean }) =>
      api('PUT /recalls/watches/:id', { params: { id }, body: { watching }, auth: true }),
    onSuccess: (vehicle) =>
      client.setQueryData<WatchedVehiclesResponse>(RECALL_WATCH_KEYS.watches, (list) =>
        list
          ? { ...list, vehicles: list.vehicles.map((v) => (v.id === vehicle.id ? vehicle : v)) }
          : list,
      ),
  });
}

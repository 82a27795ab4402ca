import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * What a report of the VIN can hold (free for a signed-in customer, counted per hour): the
 * VIN Records page and the Vehicle Found dialog show its message next to the order button.
 * Disabled while `vin` is null.
 */
export function useReportPreview(vin: string | null) {
  return useQuery({
    queryKey: ['orders', 'preview', vin],
    queryFn: () => api('GET /report-orders/preview/:vin', { params: { vin: vin! }, auth: true }),
    enabled: vin !== null,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

/** The line shown for a preview query: checking, its message, or why there is none. */
export function reportPreviewText(preview: ReturnType<typeof useReportPreview>): string {
  if (preview.isPending) return 'Checking the history records…';
  if (preview.isError) return preview.error.message;
  return preview.data.message;
}

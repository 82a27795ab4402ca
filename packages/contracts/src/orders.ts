import { z } from 'zod';

export const REPORT_ORDER_STATUS_VALUES = [
  'Pending',
  'Processing',
  'Completed',
  'Refunded',
] as const;
export const reportOrderStatusSchema = z.enum(REPORT_ORDER_STATUS_VALUES);
export type ReportOrderStatusValue = z.infer<typeof reportOrderStatusSchema>;

/** The vehicle text of an order when the decode gave no year, make or model. */
export const UNKNOWN_VEHICLE = 'Unknown Vehicle';

/** An order's vehicle text: "year make model" of what is known, else 'Unknown Vehicle'. */
export function vehicleLabel(parts: { year?: string; make?: string; model?: string }): string {
  const text = [parts.year, parts.make, parts.model]
    .map((p) => (p ?? '').trim())
    .filter((p) => p && p !== 'Unknown')
    .join(' ');
  return text || UNKNOWN_VEHICLE;
}

/** POST /api/api/report-orders; an optional `Idempotency-Key` header makes retries safe. */
export const createReportOrderBodySchema = z.object({
  vin: z.string(),
  vehicle: z.string().max(200).optional(),
});
export type CreateReportOrderBody = z.input<typeof createReportOrderBodySchema>;

export const createReportOrderResponseSchema = z.object({
  id: z.string(),
  reportUrl: z.string().nullable(),
});
export type CreateReportOrderResponse = z.infer<typeof createReportOrderResponseSchema>;

/** One item of GET /api/api/report-orders/my-orders (docs/orders-api.md). */
export const customerReportOrderSchema = z.object({
  id: z.string(),
  vin: z.string(),
  vehicle: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  status: reportOrderStatusSchema,
  /** A signed link valid for at most 15 minutes; null unless Completed. */
  reportUrl: z.string().nullable(),
});
export type CustomerReportOrder = z.infer<typeof customerReportOrderSchema>;

export const myOrdersResponseSchema = z.array(customerReportOrderSchema);

import { z } from 'zod';
import { vinInputSchema } from './decode.ts';
import { countOf } from './plural.ts';
import { customerProblemSchema } from './problem-view.ts';

export const REPORT_ORDER_STATUS_VALUES = [
  'Pending',
  'Processing',
  'Completed',
  'Refunded',
] as const;
export const reportOrderStatusSchema = z.enum(REPORT_ORDER_STATUS_VALUES);
export type ReportOrderStatusValue = z.infer<typeof reportOrderStatusSchema>;

/**
 * An order whose report is still to come (docs/product-rules.md#order-statuses): the SLA may
 * refund it, a new order of its VIN would repeat it, and the customer sees it as Processing.
 * Completed and Refunded are the others.
 */
export const OPEN_ORDER_STATUSES = ['Pending', 'Processing'] as const;
export const isOpenOrder = (status: ReportOrderStatusValue) =>
  (OPEN_ORDER_STATUSES as readonly string[]).includes(status);

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
  vin: vinInputSchema,
  vehicle: z.string().max(200).optional(),
  /**
   * Order again although a report of this VIN was Completed in the last
   * REPEAT_ORDER_WINDOW_DAYS days; an open order is never ordered twice.
   */
  fresh: z.boolean().optional(),
});
export type CreateReportOrderBody = z.input<typeof createReportOrderBodySchema>;

export const createReportOrderResponseSchema = z.object({
  id: z.string(),
  reportUrl: z.string().nullable(),
});

/** A Completed report of a VIN is reused (409) for this many days (docs/orders-api.md). */
export const REPEAT_ORDER_WINDOW_DAYS = 30;

/** 409 of POST /api/api/report-orders: the caller's existing order of the VIN; nothing charged. */
export const existingOrderResponseSchema = z.object({
  message: z.string(),
  orderId: z.string(),
});
export type ExistingOrderResponse = z.infer<typeof existingOrderResponseSchema>;

export const reportPreviewParamsSchema = z.object({ vin: vinInputSchema });

/** GET /api/api/report-orders/preview/{vin}: what a report of the VIN can hold, free. */
export const reportPreviewResponseSchema = z.object({
  vin: z.string(),
  /** The decoded "year make model", or 'Unknown Vehicle'. */
  vehicle: z.string(),
  /** Whether the history provider has records; false: the VIN cannot be ordered. */
  hasRecords: z.boolean(),
  /** What the page shows next to the order button. */
  message: z.string(),
  /**
   * The caller's order of this VIN that a new one would repeat (open, or Completed in the last
   * REPEAT_ORDER_WINDOW_DAYS days): ordering would answer 409 with it, so the page opens it
   * instead. Null when an order would go ahead.
   */
  existing: z
    .object({
      orderId: z.string(),
      status: reportOrderStatusSchema,
      message: z.string(),
    })
    .nullable(),
});
export type ReportPreview = z.infer<typeof reportPreviewResponseSchema>;

export const REPORT_PREVIEW_MESSAGES = {
  records: 'History records found: the report lists them with the safety recalls of the model.',
  noRecords: 'No history records for this VIN: nothing to order.',
  existingOpen:
    'You ordered this report already and it is being made: it appears in My VIN Lookups below.',
  existingCompleted: (days: number) =>
    `You have this report from the last ${countOf(days, 'day')}: open it at no charge, or order a fresh one.`,
} as const;

/** One item of GET /api/api/report-orders/my-orders (docs/orders-api.md). */
export const customerReportOrderSchema = z.object({
  id: z.string(),
  vin: z.string(),
  vehicle: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  status: reportOrderStatusSchema,
  /**
   * A signed link valid for at most 15 minutes; null unless the order has a readable report
   * (Completed, or Refunded after a problem we found in it).
   */
  reportUrl: z.string().nullable(),
  /** What is happening to an open order (orderProgressText); null once Completed or Refunded. */
  progress: z.string().nullable(),
  /** The latest problem the customer reported on this report, with our answer; else null. */
  problem: customerProblemSchema.nullable(),
});
export type CustomerReportOrder = z.infer<typeof customerReportOrderSchema>;

export const myOrdersResponseSchema = z.array(customerReportOrderSchema);

/** What a customer reads about an open order while its report is made. */
export function orderProgressText(order: {
  status: ReportOrderStatusValue;
  /** When the next try is due after a provider failure (ISO 8601), else null. */
  nextAttemptAt: string | null;
}): string | null {
  if (order.status === 'Pending') return 'Queued: the report starts in a moment.';
  if (order.status !== 'Processing') return null;
  if (order.nextAttemptAt) {
    const at = new Date(order.nextAttemptAt).toISOString().slice(11, 16);
    return `The records provider is not answering; we try again at ${at} UTC. If it does not answer in time, your credit is returned.`;
  }
  return 'Gathering the vehicle history records and safety recalls, then writing the report.';
}

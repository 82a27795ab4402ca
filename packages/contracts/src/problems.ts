import { z } from 'zod';
import { paginationQuerySchema, paginationSchema } from './auth.ts';
import { reportOrderStatusSchema } from './orders.ts';
import {
  PROBLEM_DESCRIPTION_MAX,
  PROBLEM_REPLY_MAX,
  customerProblemSchema,
  problemActionSchema,
  problemKindSchema,
  problemStateSchema,
  type ProblemAction,
} from './problem-view.ts';
import { waitText } from './wait-text.ts';

/*
 * "Report a problem" on a Completed report, and the admin's answer
 * (docs/product-rules.md#problems-with-a-report, docs/orders-api.md, docs/admin-api.md).
 */

/** Bounded as sent (before anything logs it), then trimmed; blank is refused. */
const textUpTo = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max.toLocaleString('en-US')} characters`)
    .trim()
    .min(1, 'must not be empty');

/** POST /api/api/report-orders/{id}/problem */
export const reportProblemBodySchema = z.object({
  kind: problemKindSchema,
  description: textUpTo(PROBLEM_DESCRIPTION_MAX),
});
export type ReportProblemBody = z.input<typeof reportProblemBodySchema>;

export const problemOrderParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** GET /api/api/report-orders/{id}/problem: the order's latest problem, or null. */
export const orderProblemResponseSchema = z.object({ problem: customerProblemSchema.nullable() });

/** GET /api/api/admin/problems */
export const adminProblemsQuerySchema = paginationQuerySchema.extend({
  state: z.enum(['open', 'resolved', 'all']).default('open'),
  /** A customer's e-mail (or part of it), user id or order id. */
  q: z.string().trim().max(200).optional(),
});

export const adminProblemSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  vin: z.string(),
  vehicle: z.string(),
  orderStatus: reportOrderStatusSchema,
  reportSource: z.enum(['generated', 'uploaded']).nullable(),
  kind: problemKindSchema,
  description: z.string(),
  state: problemStateSchema,
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  reply: z.string().nullable(),
  outcome: problemActionSchema.nullable(),
});
export type AdminProblem = z.infer<typeof adminProblemSchema>;

export const adminProblemsResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(adminProblemSchema),
  counts: z.object({ open: z.number(), resolved: z.number() }),
  pagination: paginationSchema,
});

/** POST /api/api/admin/problems/{id}/resolve */
export const resolveProblemBodySchema = z.object({
  reply: textUpTo(PROBLEM_REPLY_MAX),
  action: problemActionSchema,
});
export type ResolveProblemBody = z.input<typeof resolveProblemBodySchema>;

export const resolveProblemResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  problem: adminProblemSchema,
});

export const PROBLEM_MESSAGES = {
  received: 'Thank you: we received your report and will answer by e-mail.',
  notFound: 'Report order not found.',
  notCompleted: 'Only a Completed report can have a problem reported.',
  alreadyOpen: 'This report already has an open problem; we will answer it by e-mail.',
  budget: (max: number, retryAfterSeconds: number) =>
    `You have reached the limit of ${max} problem reports a day. Please try again in ${
      retryAfterSeconds > 5400
        ? `${Math.ceil(retryAfterSeconds / 3600)} hours`
        : waitText(retryAfterSeconds)
    }.`,
  problemNotFound: 'Problem not found.',
  alreadyAnswered: 'This problem has already been answered.',
  correctedFirst:
    'Upload the corrected report for this order first, then answer with "A corrected report was uploaded".',
  refundNotCompleted: 'Only a Completed order can be refunded for a problem.',
  resolved: (action: ProblemAction) =>
    action === 'refund'
      ? 'Answered; the credit was returned and the order is Refunded. The customer was e-mailed.'
      : 'Answered; the customer was e-mailed.',
} as const;

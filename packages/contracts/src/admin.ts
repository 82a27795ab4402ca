import { z } from 'zod';
import { vinInputSchema } from './decode.ts';
import { paginationSchema } from './auth.ts';
import { ADMIN_CREDIT_MAX } from './limits.ts';
import { reportOrderStatusSchema } from './orders.ts';
import { countOf } from './plural.ts';
import { waitText } from './wait-text.ts';

/** Admin texts, in English (docs/product-rules.md#messages-in-chinese). */
export const ADMIN_MESSAGES = {
  invalidCredits: 'Please enter a valid number for credits.',
  creditAboveMax: `credit: at most ${ADMIN_CREDIT_MAX.toLocaleString('en-US')} credits can be set.`,
  invalidUserId: 'Please enter a valid User ID',
  invalidEmail: 'Please enter a valid email address',
  selectFile: 'Please select a file to upload',
  pdfOnly: 'Only PDF files are allowed',
  noUserFound: 'No user found',
  noUsersFound: 'No users found',
  noCreditPurchases: 'No credit purchases found',
  noOrdersForUser: 'No orders found for this user.',
  authFailed: 'Authentication failed. Please check your login status.',
  invalidUserIdProvided: 'Invalid User ID provided.',
  invalidFileOrOrder: 'Invalid file or order ID.',
  tooManyUploadParts: (max: number) =>
    `files, reportOrderIds: at most ${max} files and ${max} order IDs in one upload.`,
  uploadFailed: (detail: string) => `Upload failed: ${detail}`,
  usersErrorPrefix: 'Error loading users:',
  purchasesErrorPrefix: 'Error loading credit purchases:',
  ordersErrorPrefix: 'Error:',
  platesFieldsRequired: 'Please fill in the state, plate number and e-mail.',
  plateQueryFailed: 'The lookup failed. Please check the plate details and try again.',
  markedProcessing: 'The order is now Processing.',
  alreadyProcessing: 'The order is already Processing.',
  regenerateQueued: 'The report is being generated again.',
  regenerateUploaded:
    'This order has an uploaded report, which a generated one never replaces. Upload a new PDF instead.',
  regenerateRefunded: 'This order was refunded; its report is no longer made.',
  tryoutMailed: (email: string) => `The report was generated and e-mailed to ${email}.`,
  tryoutOneRecipient: 'must be one e-mail address (a tryout report goes to one recipient)',
  tryoutQuota: (perHour: number, retryAfterSeconds: number) =>
    `You have reached the limit of ${countOf(perHour, 'tryout')} an hour. Please try again in ${waitText(retryAfterSeconds)}.`,
  onlyPendingToProcessing: 'Only a Pending order can be marked Processing.',
  orderNotFound: 'Report order not found',
  noPlateSearches: 'No plate searches yet.',
  plateSearchesErrorPrefix: 'Error loading plate searches:',
  adminsOnly: 'The admin panel is for administrators only; your account is a customer account.',
  panelUnavailable: (detail: string) => `The admin panel could not be opened: ${detail}`,
} as const;

/** One row of the admin's user list (docs/admin-api.md, `AdminUser`). */
export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  credit: z.number().int(),
  role: z.enum(['USER', 'ADMIN']),
  paymentBind: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  defaultPaymentMethodId: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** GET /api/api/admin/users: a page of users; also the admin access check. */
export const adminUsersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminUserRowSchema),
  pagination: paginationSchema,
});

/** GET /api/api/admin/users/email/{email}: the user of an address, found case-insensitively. */
export const adminUserEmailParamsSchema = z.object({ email: z.string().max(320) });
export const adminUserResponseSchema = z.object({
  success: z.literal(true),
  data: adminUserRowSchema,
});

/** What an admin route names by id in its path (a user, an order, a problem). */
export const adminIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** GET /api/api/admin/report-orders/user/{userId} */
export const adminUserOrdersParamsSchema = z.object({ userId: z.string().max(100) });

/** PUT /api/api/admin/users/{id}: the id is trimmed by the route, which answers its own message. */
export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * PUT /api/api/admin/users/{id}: any value is taken so that every bad one gets the product's own
 * message (ADMIN_MESSAGES.invalidCredits, creditAboveMax); the document still says what is
 * accepted.
 */
export const adminSetCreditBodySchema = z.object({
  credit: z.unknown().meta({ type: 'integer', minimum: 0, maximum: ADMIN_CREDIT_MAX }),
});

/** PUT /api/api/admin/users/{id} */
export const adminSetCreditResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

/** One row of GET /api/api/admin/credit-purchases (docs/admin-api.md). */
export const adminCreditPurchaseSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The buyer's e-mail address, shown beside the id; null once the account is gone. */
  userEmail: z.string().nullable(),
  amount: z.number().int().describe('cents'),
  credit: z.number().int(),
  description: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type AdminCreditPurchase = z.infer<typeof adminCreditPurchaseSchema>;

export const adminCreditPurchasesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminCreditPurchaseSchema),
  totalRecords: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
});

/** One row of the admin's order lists (docs/admin-api.md). */
export const adminReportOrderSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The customer's e-mail address, shown beside the id; null once the account is gone. */
  userEmail: z.string().nullable(),
  vin: z.string(),
  vehicle: z.string(),
  status: reportOrderStatusSchema,
  createdAt: z.string(),
  /** The admin download path when a report is attached, else null. */
  reportUrl: z.string().nullable(),
  /** Who made the attached report; null while none is. An uploaded one is never replaced. */
  reportSource: z.enum(['generated', 'uploaded']).nullable(),
  /** Report generation (docs/admin-api.md): failed attempts, the last error, the next try. */
  generation: z.object({
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable().describe('ISO 8601'),
  }),
});
export type AdminReportOrder = z.infer<typeof adminReportOrderSchema>;

export const adminReportOrdersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminReportOrderSchema),
  pagination: paginationSchema,
  message: z.string(),
});

export const adminUserOrdersResponseSchema = adminReportOrdersResponseSchema.extend({
  userId: z.string(),
  totalCount: z.number().int(),
});

export const adminOrderCountsResponseSchema = z.object({
  success: z.literal(true),
  counts: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    processing: z.number().int(),
    completed: z.number().int(),
    refunded: z.number().int(),
  }),
});
export type AdminOrderCounts = z.infer<typeof adminOrderCountsResponseSchema>['counts'];

/** POST /api/api/admin/report-orders/{id}/processing: an admin takes a Pending order. */
export const adminMarkProcessingResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  status: reportOrderStatusSchema,
});

/** One pair's outcome of POST /api/api/admin/reports/batch-upload. */
export const batchUploadResultSchema = z.object({
  reportOrderId: z.string(),
  fileName: z.string(),
  success: z.boolean(),
  message: z.string(),
});
export const batchUploadResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.array(batchUploadResultSchema),
});
export type BatchUploadResponse = z.infer<typeof batchUploadResponseSchema>;

/**
 * POST /api/api/admin/tryout: vehicle is "STATE/PLATE"; the report goes to one address, never a
 * list (the tryout is no mail relay).
 */
export const adminTryoutBodySchema = z.object({
  vin: vinInputSchema.optional().default(''),
  vehicle: z.string().max(64).optional().default(''),
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .default('')
    .refine((v) => v === '' || z.email().safeParse(v).success, ADMIN_MESSAGES.tryoutOneRecipient),
});

/** What a tryout found and did, as the lookup it ran answered it. */
export const adminTryoutResponseSchema = z.record(z.string(), z.unknown());

/**
 * One row of GET /api/api/admin/plate-searches: a customer's (or an admin's tryout) plate search,
 * answered from the cache or by the provider. `userEmail` is null once the user is deleted.
 */
export const adminPlateSearchSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  state: z.string(),
  plate: z.string(),
  outcome: z.enum(['found', 'not_found', 'error']),
  vin: z.string().nullable(),
  /** True when the cache answered; false when the provider was asked (and paid). */
  fromCache: z.boolean(),
  /** The provider's error text when the outcome is `error`. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPlateSearch = z.infer<typeof adminPlateSearchSchema>;

export const adminPlateSearchesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminPlateSearchSchema),
  pagination: paginationSchema,
});

/** GET /api/api/admin/audit-log: what administrators did, newest first. */
export const adminAuditLogResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      id: z.string(),
      actorId: z.string(),
      action: z.string(),
      targetType: z.string(),
      targetId: z.string().nullable(),
      before: z.unknown(),
      after: z.unknown(),
      createdAt: z.string(),
    }),
  ),
  pagination: paginationSchema,
});

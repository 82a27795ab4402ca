import {
  ADMIN_MESSAGES,
  adminCreditPurchasesResponseSchema,
  adminOrderCountsResponseSchema,
  adminPlateSearchesResponseSchema,
  adminReportOrdersResponseSchema,
  adminUserOrdersParamsSchema,
  adminUserOrdersResponseSchema,
  countOf,
  paginationQuerySchema,
  type ReportOrderStatusValue,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { listPlateSearches } from '../plates/index.ts';
import { paginationOf } from '../../http/pagination.ts';
import { listCreditPurchases, listOrders, orderCounts } from './admin.repo.ts';

const security = [{ bearerAuth: [] }];
const errors = errorResponses(400, 401, 403);

const ORDER_LISTS: { path: string; status?: ReportOrderStatusValue; label: string }[] = [
  { path: '/admin/report-orders', label: 'orders' },
  { path: '/admin/report-orders/pending', status: 'Pending', label: 'pending orders' },
  {
    path: '/admin/report-orders/processing',
    status: 'Processing',
    label: 'processing orders',
  },
  {
    path: '/admin/report-orders/completed',
    status: 'Completed',
    label: 'completed orders',
  },
];

const found = (total: number, label: string) =>
  total === 0 ? `No ${label} found` : `Found ${total} ${label}`;

/**
 * Credit Purchases and Report Orders (counts, filtered pages, orders of one user), and the plate
 * searches of the License Plate Test tab.
 */
export const adminListsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/credit-purchases',
    {
      schema: {
        tags: ['admin'],
        summary: 'Credit purchases of every customer, newest first',
        security,
        querystring: paginationQuerySchema,
        response: { 200: adminCreditPurchasesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listCreditPurchases(db, page, size);
      return { success: true as const, data: rows, totalRecords: total, limit: size, page };
    },
  );

  app.get(
    '/admin/report-orders/counts',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many report orders there are, by status',
        security,
        response: { 200: adminOrderCountsResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, counts: await orderCounts(db) }),
  );

  for (const list of ORDER_LISTS) {
    app.get(
      list.path,
      {
        schema: {
          tags: ['admin'],
          summary: `A page of ${list.label}, newest first`,
          security,
          querystring: paginationQuerySchema,
          response: { 200: adminReportOrdersResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const { rows, total } = await listOrders(db, { status: list.status }, page, size);
        return {
          success: true as const,
          data: rows,
          pagination: paginationOf(page, size, total),
          message: found(total, list.label),
        };
      },
    );
  }

  app.get(
    '/admin/report-orders/user/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: "A page of one user's report orders",
        security,
        params: adminUserOrdersParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: adminUserOrdersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.params.userId.trim();
      if (!userId) throw new HttpError(400, ADMIN_MESSAGES.invalidUserIdProvided);
      const { page, size } = request.query;
      const { rows, total } = await listOrders(db, { userId }, page, size);
      return {
        success: true as const,
        data: rows,
        pagination: paginationOf(page, size, total),
        message:
          total === 0
            ? ADMIN_MESSAGES.noOrdersForUser
            : `Found ${countOf(total, 'order')} for this user.`,
        userId,
        totalCount: total,
      };
    },
  );

  app.get(
    '/admin/plate-searches',
    {
      schema: {
        tags: ['admin'],
        summary: "Every user's plate searches, newest first: from the cache or the provider",
        security,
        querystring: paginationQuerySchema,
        response: { 200: adminPlateSearchesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listPlateSearches(db, page, size);
      return {
        success: true as const,
        data: rows,
        pagination: paginationOf(page, size, total),
      };
    },
  );
};

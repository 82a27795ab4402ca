import {
  ADMIN_CREDIT_MAX,
  ADMIN_MESSAGES,
  adminSetCreditBodySchema,
  adminSetCreditResponseSchema,
  adminUserEmailParamsSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUserRowSchema,
  adminUsersResponseSchema,
  paginationQuerySchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { currentUser } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { paginationOf } from '../../http/pagination.ts';
import { allAdminUsers, findAdminUser, listAdminUsers } from './admin.repo.ts';
import type { AdminService } from './admin.service.ts';

const security = [{ bearerAuth: [] }];
const errors = errorResponses(400, 401, 403, 404);

function parseCredit(value: unknown): number {
  const credit = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof credit !== 'number' || !Number.isSafeInteger(credit) || credit < 0) {
    throw new HttpError(400, ADMIN_MESSAGES.invalidCredits);
  }
  if (credit > ADMIN_CREDIT_MAX) throw new HttpError(400, ADMIN_MESSAGES.creditAboveMax);
  return credit;
}

/** User Management: the access check, the user lists, the search by e-mail, the credit. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ db: Db; admin: AdminService }> = async (
  app,
  { db, admin },
) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'A page of users; also the admin access check',
        security,
        querystring: paginationQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listAdminUsers(db, page, size);
      return {
        success: true as const,
        data: rows,
        pagination: paginationOf(page, size, total),
      };
    },
  );

  app.get(
    '/admin/users/all',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every user',
        security,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(adminUserRowSchema) }),
          ...errors,
        },
      },
    },
    async () => ({ success: true as const, data: await allAdminUsers(db) }),
  );

  app.get(
    '/admin/users/email/:email',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find a user by e-mail (case-insensitive)',
        security,
        params: adminUserEmailParamsSchema,
        response: { 200: adminUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const email = request.params.email.trim();
      if (!email) throw new HttpError(400, ADMIN_MESSAGES.invalidEmail);
      const user = await findAdminUser(db, { email });
      if (!user) throw new HttpError(404, ADMIN_MESSAGES.noUserFound);
      return { success: true as const, data: user };
    },
  );

  app.put(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a user's credit balance (one admin adjustment in the ledger)",
        security,
        params: adminUserParamsSchema,
        body: adminSetCreditBodySchema,
        response: { 200: adminSetCreditResponseSchema, ...errors },
      },
    },
    async (request) => {
      const credit = parseCredit(request.body.credit);
      return admin.setCredit(currentUser(request).id, request.params.id.trim(), credit);
    },
  );
};

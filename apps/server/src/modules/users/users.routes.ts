import {
  AUTH_LIMITS,
  AUTH_MESSAGES,
  deleteUnverifiedUserBodySchema,
  deleteUnverifiedUserResponseSchema,
  meResponseSchema,
  registerResponseSchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AuthError, registerAuthErrorHandler, requireJsonBodies } from '../auth/auth.errors.ts';
import { currentUser, type AuthGuards } from '../auth/auth.guard.ts';
import { errorResponses } from '../auth/auth.routes.ts';
import { throttleKeys, type Throttles } from '../auth/auth.throttle.ts';
import { deleteUnverifiedUser, loadAuthUser, registerProfile } from './users.service.ts';

const MINUTE_MS = 60 * 1000;

export interface UsersRoutesOptions {
  db: Db;
  guards: AuthGuards;
  throttles: Throttles;
  adminEmails: readonly string[];
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { db, guards, throttles, adminEmails },
) => {
  registerAuthErrorHandler(app);
  requireJsonBodies(app);

  app.post(
    '/api/api/register',
    {
      onRequest: guards.requireUser,
      config: { errorField: true },
      schema: {
        tags: ['users'],
        summary: 'Create the backend profile of the signed-in identity (idempotent)',
        security: [{ bearerAuth: [] }],
        body: z.object({}).nullish(),
        response: { 200: registerResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await registerProfile(db, user, adminEmails);
      return { success: true as const, created: result.created, user: result.user };
    },
  );

  app.get(
    '/api/api/user/me',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: meResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await loadAuthUser(db, currentUser(request).id);
      if (!user) throw new AuthError(401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
      return user;
    },
  );

  app.post(
    '/api/api/delete-unverified-user',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete an account that never verified its e-mail (no token)',
        body: deleteUnverifiedUserBodySchema,
        response: {
          200: deleteUnverifiedUserResponseSchema,
          404: deleteUnverifiedUserResponseSchema,
          409: deleteUnverifiedUserResponseSchema,
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      for (const key of [
        throttleKeys.deleteUnverifiedFromIp(request.ip),
        throttleKeys.deleteUnverifiedForEmail(email),
      ]) {
        const limit = await throttles.consume(
          key,
          AUTH_LIMITS.deleteUnverifiedPerMinute,
          MINUTE_MS,
        );
        if (!limit.allowed) {
          throw new AuthError(429, 'TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyRequests, {
            retryAfterSeconds: limit.retryAfterSeconds,
          });
        }
      }
      const result = await deleteUnverifiedUser(db, email);
      if (result === 'deleted') return { ok: true };
      request.log.info({ result }, 'delete-unverified-user: nothing deleted');
      return reply
        .status(result === 'verified' ? 409 : 404)
        .send({ ok: false, message: AUTH_MESSAGES.accountNotDeleted });
    },
  );
};

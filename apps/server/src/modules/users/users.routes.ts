import {
  AUTH_MESSAGES,
  deleteUnverifiedUserBodySchema,
  deleteUnverifiedUserResponseSchema,
  emptyBodySchema,
  meResponseSchema,
  registerResponseSchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthError, currentUser, requireJsonBodies, type AuthGuards } from '../auth/index.ts';
import { answerValidationAsForms } from '../../http/error-handler.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { PerIpBudget } from '../../http/per-ip-budget.ts';
import type { UsersService } from './users.service.ts';

export interface UsersRoutesOptions {
  users: Pick<UsersService, 'registerProfile' | 'loadAuthUser' | 'refuseToDeleteUnverifiedUser'>;
  guards: AuthGuards;
  perIpBudget: PerIpBudget;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { users, guards, perIpBudget },
) => {
  answerValidationAsForms(app);
  requireJsonBodies(app);

  app.post(
    '/register',
    {
      onRequest: guards.requireUser,
      config: { errorField: true },
      schema: {
        tags: ['users'],
        summary: 'Create the backend profile of the signed-in identity (idempotent)',
        security: [{ bearerAuth: [] }],
        body: emptyBodySchema,
        response: { 200: registerResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await users.registerProfile(user);
      return { success: true as const, created: result.created, user: result.user };
    },
  );

  app.get(
    '/user/me',
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
      const user = await users.loadAuthUser(currentUser(request).id);
      if (!user) throw new AuthError(401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
      return user;
    },
  );

  app.post(
    '/delete-unverified-user',
    {
      onRequest: perIpBudget('deleteUnverifiedUser'),
      // Its 404 and 409 answer in the route's own shape, { ok: false, message }.
      config: { errorExtras: { ok: false } },
      schema: {
        tags: ['users'],
        summary:
          'Kept for clients that clean up before re-registering: never deletes anything (accounts exist only once verified; sign-ups need no cleanup; docs/product-rules.md#registering-an-address-that-already-has-a-sign-up-waiting)',
        body: deleteUnverifiedUserBodySchema,
        response: {
          404: deleteUnverifiedUserResponseSchema,
          409: deleteUnverifiedUserResponseSchema,
          ...errorResponses(400, 429),
        },
      },
    },
    async (request) => users.refuseToDeleteUnverifiedUser(request.body.email),
  );
};

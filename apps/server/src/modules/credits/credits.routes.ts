import { creditBalanceResponseSchema, creditHistoryResponseSchema } from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type AuthGuards } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { CreditsService } from './credits.service.ts';

export interface CreditsRoutesOptions {
  credits: CreditsService;
  guards: AuthGuards;
}

export const creditsRoutes: FastifyPluginAsyncZod<CreditsRoutesOptions> = async (
  app,
  { credits, guards },
) => {
  app.get(
    '/user/credit',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['credits'],
        summary: "The signed-in user's credit balance",
        security: [{ bearerAuth: [] }],
        response: { 200: creditBalanceResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ creditBalance: await credits.balanceOf(currentUser(request).id) }),
  );

  app.get(
    '/user/credit-history',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['credits'],
        summary: "The signed-in user's credit purchases, newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: creditHistoryResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await credits.purchaseHistory(currentUser(request).id),
    }),
  );
};

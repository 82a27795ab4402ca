import { creditBalanceResponseSchema, creditHistoryResponseSchema } from '@vr/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { paymentIntents } from '../../db/schema.ts';
import { currentUser, type AuthGuards } from '../auth/auth.guard.ts';
import { errorResponses } from '../auth/auth.routes.ts';
import { getBalance } from './credits.ledger.ts';

export interface CreditsRoutesOptions {
  db: Db;
  guards: AuthGuards;
}

const HISTORY_LIMIT = 200;

export const creditsRoutes: FastifyPluginAsyncZod<CreditsRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/api/api/user/credit',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['credits'],
        summary: "The signed-in user's credit balance",
        security: [{ bearerAuth: [] }],
        response: { 200: creditBalanceResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ creditBalance: await getBalance(db, currentUser(request).id) }),
  );

  app.get(
    '/api/api/user/credit-history',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['credits'],
        summary: "The signed-in user's credit purchases, newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: creditHistoryResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.userId, currentUser(request).id))
        .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
        .limit(HISTORY_LIMIT);
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          description: row.description || 'Credit Purchase',
          credit: row.credits,
          amount: row.amountCents,
          status: row.status,
        })),
      };
    },
  );
};

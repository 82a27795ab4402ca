import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditPackagesResponseSchema } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { listCreditPackages } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/api/stripe-credit/credit-packages',
    {
      schema: {
        tags: ['credits'],
        summary: 'The credit package catalog (public)',
        response: { 200: creditPackagesResponseSchema },
      },
    },
    async () => ({ success: true as const, packages: await listCreditPackages(db) }),
  );
};

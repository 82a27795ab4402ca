import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditPackagesResponseSchema } from '@vr/contracts';
import type { CatalogService } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/stripe-credit/credit-packages',
    {
      schema: {
        tags: ['credits'],
        summary: 'The credit package catalog (public)',
        response: { 200: creditPackagesResponseSchema },
      },
    },
    async () => ({ success: true as const, packages: await catalog.listActiveCreditPackages() }),
  );
};

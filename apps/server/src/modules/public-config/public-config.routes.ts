import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@vr/contracts';
import type { Config } from '../../config.ts';

export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/public-config',
    {
      schema: {
        tags: ['public'],
        summary: 'The product name and contact e-mail the public pages show',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { productName: config.PRODUCT_NAME, contactEmail: config.CONTACT_EMAIL };
    },
  );
};

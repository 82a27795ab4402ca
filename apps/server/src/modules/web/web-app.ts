import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '@vr/contracts';
import { routedPath } from '../../lib/routed-path.ts';
import { HttpError } from '../../http/errors.ts';

/** The landing page, pre-drawn at build time; every other client route gets the plain shell. */
const LANDING_PAGE = 'index.html';
const APP_SHELL = 'app.html';

/** The built app shell's file, or null when the web app is not built. */
export function appShellFile(distDir: string): string | null {
  for (const name of [APP_SHELL, LANDING_PAGE]) {
    if (existsSync(join(distDir, name))) return join(distDir, name);
  }
  return null;
}

/**
 * Serves the built web app: hashed assets cached for a year, pages revalidated, and every
 * non-API GET falling back to a page so client routes survive a reload. API paths that match
 * nothing answer JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, LANDING_PAGE));
  const shell = existsSync(join(distDir, APP_SHELL)) ? APP_SHELL : LANDING_PAGE;
  const assetsDir = join(distDir, 'assets');
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      setHeaders: (reply, path) => {
        reply.header(
          'Cache-Control',
          path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile(LANDING_PAGE),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = routedPath(request);
    const isApi = path.startsWith('/api/') || path === '/api';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && hasBuild && isPage && !path.startsWith('/assets/')) {
      return reply.status(200).header('Cache-Control', 'no-cache').sendFile(shell);
    }
    throw new HttpError(404, API_MESSAGES.notFound);
  });
}

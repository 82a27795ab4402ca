import { AUTH_MESSAGES } from '@vr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthError } from './auth.errors.ts';
import type { RequestUser, Sessions } from './auth.sessions.ts';

export type { RequestUser } from './auth.sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` / `requireAdmin` preHandlers; null on public routes. */
    user: RequestUser | null;
  }
}

export type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * Route gates for every module: `{ preHandler: guards.requireUser }` admits a request with a
 * valid `Authorization: Bearer <token>` (401 `{ message }` otherwise) and sets `request.user`;
 * `requireAdmin` also wants role ADMIN (403 otherwise).
 */
export interface AuthGuards {
  requireUser: Guard;
  requireAdmin: Guard;
}

export function createGuards(app: FastifyInstance, sessions: Sessions): AuthGuards {
  app.decorateRequest('user', null);
  const requireUser: Guard = async (request) => {
    request.user = await sessions.fromBearer(request.headers.authorization);
  };
  const requireAdmin: Guard = async (request) => {
    await requireUser(request);
    if (request.user?.role !== 'ADMIN') {
      throw new AuthError(403, 'FORBIDDEN', AUTH_MESSAGES.adminRequired);
    }
  };
  return { requireUser, requireAdmin };
}

/** The user a guard admitted; for handlers behind `requireUser` / `requireAdmin`. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AuthError(401, 'UNAUTHORIZED', AUTH_MESSAGES.authRequired);
  return request.user;
}

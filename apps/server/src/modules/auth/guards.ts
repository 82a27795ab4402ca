import { AUTH_MESSAGES } from '@vr/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError } from './auth-errors.ts';
import type { RequestUser, Sessions } from './sessions.ts';

export type { RequestUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` / `requireAdmin` guards; null on public routes. */
    user: RequestUser | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Route gates for every module: `{ onRequest: guards.requireUser }` admits a request with a
 * valid `Authorization: Bearer <token>` (401 `{ message }` otherwise) and sets `request.user`;
 * `requireAdmin` also wants role ADMIN (403 otherwise). Use them as `onRequest` hooks, never
 * later: they then answer before the body is parsed or validated, so a caller without the right
 * session learns nothing about what the route would accept. Every answer behind a guard is
 * `Cache-Control: no-store`, as it is one user's data.
 */
export interface AuthGuards {
  requireUser: Guard;
  requireAdmin: Guard;
}

/**
 * The routes whose success ends sessions (a sign-out; a password reset ends them all). The
 * instance that answers one forgets every session it keeps at once; the others within
 * SESSION_CACHE_SECONDS (docs/decisions/0026-bearer-session-cache.md).
 */
const SESSION_ENDING_ROUTES = new Set(['/api/auth/sign-out', '/api/auth/email-otp/reset-password']);

export function createGuards(app: FastifyInstance, sessions: Sessions): AuthGuards {
  app.decorateRequest('user', null);
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400 && SESSION_ENDING_ROUTES.has(request.routeOptions.url ?? '')) {
      sessions.forgetKnownSessions();
    }
    done();
  });
  const requireUser: Guard = async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    request.user = await sessions.fromBearer(request.headers.authorization);
  };
  // Admin routes read the session and role afresh: a demoted admin or an ended session loses
  // them at once on every instance, and they are few requests.
  const requireAdmin: Guard = async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    request.user = await sessions.fromBearer(request.headers.authorization, { fresh: true });
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

import type { FastifyInstance } from 'fastify';
import type { PerIpBudget } from '../../http/per-ip-budget.ts';
import { createGuards, type AuthGuards } from './guards.ts';
import { authRoutes } from './auth.routes.ts';
import type { AuthService } from './auth.service.ts';
import { trustedOrigins } from './better-auth.ts';
import type { Sessions } from './sessions.ts';

export interface AuthModule {
  guards: AuthGuards;
  /** The options of `sessionRefreshRoutes`, which the caller registers under the API prefix. */
  refresh: { sessions: Sessions; trustedOrigins: readonly string[] };
}

/**
 * Sets up accounts on the root app: the `/api/auth/*` routes, `request.user` and the guards.
 * The services come built (services.ts), better-auth's instance inside them.
 */
export async function registerAuth(
  app: FastifyInstance,
  deps: { service: AuthService; sessions: Sessions; perIpBudget: PerIpBudget; publicUrl: string },
): Promise<AuthModule> {
  const { service, sessions, perIpBudget } = deps;
  const guards = createGuards(app, sessions);
  await app.register(authRoutes, { service, perIpBudget });
  const refresh = { sessions, trustedOrigins: trustedOrigins(deps.publicUrl) };
  return { guards, refresh };
}

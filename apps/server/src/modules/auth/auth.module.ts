import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { AuthAccounts } from './auth.accounts.ts';
import { createGuards, type AuthGuards } from './auth.guard.ts';
import { createAuthInstance, trustedOrigins, type AuthInstance } from './auth.instance.ts';
import { createRegistrations } from './auth.registrations.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createSessions, type Sessions } from './auth.sessions.ts';
import { Throttles } from './auth.throttle.ts';

export interface AuthModule {
  auth: AuthInstance;
  guards: AuthGuards;
  throttles: Throttles;
  /** The options of `sessionRefreshRoutes`, which the caller registers under the API prefix. */
  refresh: { sessions: Sessions; trustedOrigins: readonly string[] };
}

/**
 * Sets up accounts on the root app: better-auth, the `/api/auth/*` routes, `request.user` and the
 * guards. The account flows are built here, not with the other services (services.ts): they
 * stand on the better-auth instance, which answers the app's own auth routes.
 */
export async function registerAuth(
  app: FastifyInstance,
  deps: { config: Config; db: Db; jobs: JobSender; secret: string; accounts: AuthAccounts },
): Promise<AuthModule> {
  const { config, db, jobs, accounts } = deps;
  const auth = createAuthInstance({
    config,
    db,
    jobs,
    secret: deps.secret,
    log: app.log,
  });
  const throttles = new Throttles(db);
  const sessions = createSessions({
    auth,
    db,
    secret: deps.secret,
    maxDays: config.SESSION_MAX_DAYS,
    cacheSeconds: config.SESSION_CACHE_SECONDS,
    accounts,
  });
  const guards = createGuards(app, sessions);
  const registrations = createRegistrations({
    db,
    jobs,
    passwords: (await auth.$context).password,
    secret: deps.secret,
    productName: config.PRODUCT_NAME,
    accounts,
  });
  const service = createAuthService({
    auth,
    db,
    throttles,
    registrations,
    accounts,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    jobs,
    productName: config.PRODUCT_NAME,
  });
  await app.register(authRoutes, { service, throttles });
  const refresh = { sessions, trustedOrigins: trustedOrigins(config.PUBLIC_URL) };
  return { auth, guards, throttles, refresh };
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { bootstrapAdmins } from '../users/users.service.ts';
import { createGuards, type AuthGuards } from './auth.guard.ts';
import { createAuthInstance, trustedOrigins, type AuthInstance } from './auth.instance.ts';
import { createRegistrations } from './auth.registrations.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { Sessions } from './auth.sessions.ts';
import { Throttles } from './auth.throttle.ts';

export interface AuthModule {
  auth: AuthInstance;
  guards: AuthGuards;
  throttles: Throttles;
}

/**
 * Sets up accounts on the root app: better-auth, the `/api/auth/*` routes, `request.user` and the
 * guards, and raises the verified accounts of ADMIN_EMAILS to ADMIN.
 */
export async function registerAuth(
  app: FastifyInstance,
  deps: { config: Config; db: Db; jobs: JobSender; secret: string },
): Promise<AuthModule> {
  const { config, db, jobs } = deps;
  const auth = createAuthInstance({
    config,
    db,
    jobs,
    secret: deps.secret,
    log: app.log,
  });
  const throttles = new Throttles(db);
  const sessions = new Sessions(auth, db, deps.secret, config.SESSION_MAX_DAYS);
  const guards = createGuards(app, sessions);
  const registrations = createRegistrations({
    db,
    jobs,
    passwords: (await auth.$context).password,
    secret: deps.secret,
    productName: config.PRODUCT_NAME,
    adminEmails: config.ADMIN_EMAILS,
  });
  const service = new AuthService({
    auth,
    db,
    throttles,
    registrations,
    publicUrl: config.PUBLIC_URL,
    adminEmails: config.ADMIN_EMAILS,
    log: app.log,
    jobs,
    productName: config.PRODUCT_NAME,
  });
  await app.register(authRoutes, {
    service,
    sessions,
    throttles,
    trustedOrigins: trustedOrigins(config.PUBLIC_URL),
  });
  const promoted = await bootstrapAdmins(db, config.ADMIN_EMAILS);
  if (promoted.length > 0) app.log.info({ admins: promoted }, 'ADMIN_EMAILS accounts are ADMIN');
  return { auth, guards, throttles };
}

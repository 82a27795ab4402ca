import type { FastifyPluginAsync } from 'fastify';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import type { AuthGuards } from '../auth/auth.guard.ts';
import type { PlateService } from '../plates/plates.service.ts';
import type { AttachDeps } from '../reports/report-attach.service.ts';
import { adminListsRoutes } from './admin-lists.routes.ts';
import { adminOrderStatusRoutes } from './admin-order-status.routes.ts';
import { adminTryoutRoutes } from './admin-tryout.routes.ts';
import { createAdminTryoutService } from './admin-tryout.service.ts';
import { adminUploadsRoutes, type UploadOptions } from './admin-uploads.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { createAdminService } from './admin.service.ts';

/**
 * Every admin route. The role is checked in `onRequest`, before the body is read or validated,
 * so a non-admin learns nothing from any input: 401 without a token, 403 for a USER.
 */
export const adminModule: FastifyPluginAsync<{
  db: Db;
  guards: AuthGuards;
  plates: PlateService;
  decoder: VinDecoder;
  attach: AttachDeps;
  uploads: UploadOptions;
}> = async (app, { db, guards, plates, decoder, attach, uploads }) => {
  app.addHook('onRequest', guards.requireAdmin);
  const admin = createAdminService({ db });
  await app.register(adminUsersRoutes, { db, admin });
  await app.register(adminListsRoutes, { db });
  await app.register(adminOrderStatusRoutes, { admin });
  await app.register(adminUploadsRoutes, { attach, uploads });
  const tryouts = createAdminTryoutService({ db, plates, decoder });
  await app.register(adminTryoutRoutes, { db, tryouts });
};

import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthGuards } from '../auth/index.ts';
import type { ReportsService } from '../reports/index.ts';
import { adminListsRoutes } from './admin-lists.routes.ts';
import { adminOrderStatusRoutes } from './admin-order-status.routes.ts';
import { adminTryoutRoutes } from './admin-tryout.routes.ts';
import type { AdminTryoutService } from './admin-tryout.service.ts';
import { adminUploadsRoutes, type UploadOptions } from './admin-uploads.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import type { AdminService } from './admin.service.ts';

/**
 * Every admin route. The role is checked in `onRequest`, before the body is read or validated,
 * so a non-admin learns nothing from any input: 401 without a token, 403 for a USER.
 */
export const adminRoutes: FastifyPluginAsync<{
  db: Db;
  guards: AuthGuards;
  admin: AdminService;
  tryouts: AdminTryoutService;
  reports: Pick<ReportsService, 'attachReportCompleteOrderAndMailCustomer'>;
  uploads: UploadOptions;
}> = async (app, { db, guards, admin, tryouts, reports, uploads }) => {
  app.addHook('onRequest', guards.requireAdmin);
  await app.register(adminUsersRoutes, { db, admin });
  await app.register(adminListsRoutes, { db });
  await app.register(adminOrderStatusRoutes, { admin });
  await app.register(adminUploadsRoutes, { reports, uploads });
  await app.register(adminTryoutRoutes, { db, tryouts });
};

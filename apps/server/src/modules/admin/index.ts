/*
 * The admin module's front door: what the rest of the server uses of it. Other modules import
 * admin only from here.
 */
export { adminRoutes } from './admin.routes.ts';
export { queueRegeneration } from './regeneration.ts';
export { createAdminService } from './admin.service.ts';
export { createAdminTryoutService } from './admin-tryout.service.ts';

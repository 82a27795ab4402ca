/*
 * The auth module's front door: what the rest of the server uses of it. Other modules import
 * auth only from here.
 */
export { AuthError, requireJsonBodies } from './auth-errors.ts';
export { currentUser, type AuthGuards, type Guard, type RequestUser } from './auth.guard.ts';
export { registerAuth, type AuthModule } from './auth.module.ts';
export { sessionRefreshRoutes } from './auth.routes.ts';
export { createAuthService, type AuthService } from './auth.service.ts';
export type { AuthAccounts } from './accounts.ts';
export { resolveAuthSecret } from './auth-secret.ts';
export { createAuthInstance, passwordHasherOf, type AuthInstance } from './better-auth.ts';
export { createRegistrations } from './pending-registrations.ts';
export { createSessions, type Sessions } from './sessions.ts';

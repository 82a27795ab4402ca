/*
 * The auth module's front door: what the rest of the server uses of it. Other modules import
 * auth only from here.
 */
export { AuthError, requireJsonBodies } from './auth-errors.ts';
export { currentUser, type AuthGuards } from './guards.ts';
export { registerAuth } from './register-auth.ts';
export { sessionRefreshRoutes } from './auth.routes.ts';
export { createAuthService } from './auth.service.ts';
export { resolveAuthSecret } from './auth-secret.ts';
export { createAuthInstance, passwordHasherOf } from './better-auth.ts';
export { createRegistrations } from './pending-registrations.ts';
export { createSessions } from './sessions.ts';

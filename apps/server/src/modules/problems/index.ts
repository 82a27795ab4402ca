/*
 * The problems module's front door: what the rest of the server uses of it. Other modules
 * import problems only from here.
 */
export { adminProblemsRoutes, problemsRoutes } from './problems.routes.ts';
export { createProblemsService } from './problems.service.ts';

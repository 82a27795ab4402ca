/*
 * The health module's front door: what the rest of the server uses of it. Other modules import
 * health only from here.
 */
export { healthRoutes } from './health.routes.ts';
export { createReadiness, type Readiness } from './readiness.ts';

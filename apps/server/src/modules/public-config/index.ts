/*
 * The public-config module's front door: what the rest of the server uses of it. Other modules
 * import public-config only from here.
 */
export { publicConfigRoutes } from './public-config.routes.ts';

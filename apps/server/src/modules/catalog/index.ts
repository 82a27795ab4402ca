/*
 * The catalog module's front door: what the rest of the server uses of it. Other modules import
 * catalog only from here.
 */
export { findActivePackage } from './catalog.repo.ts';
export { catalogRoutes } from './catalog.routes.ts';
export { createCatalogService } from './catalog.service.ts';

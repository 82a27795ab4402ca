/*
 * The plates module's front door: what the rest of the server uses of it. Other modules import
 * plates only from here.
 */
export { listPlateSearches } from './plates.repo.ts';
export { platesRoutes } from './plates.routes.ts';
export { createPlatesService, type PlatesService } from './plates.service.ts';

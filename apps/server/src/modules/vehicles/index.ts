/*
 * The vehicles module's front door: what the rest of the server uses of it. Other modules import
 * vehicles only from here.
 */
export { vehiclesRoutes } from './vehicles.routes.ts';
export { createDecodeService, DECODE_TURN_MS } from './decode.service.ts';
export { createVpicApiService } from './vpic-api.service.ts';

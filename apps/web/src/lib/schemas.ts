/*
 * The response schemas the browser validates with. They pull in zod, so pages load this module
 * on demand (`await import('./schemas.ts')`) instead of putting zod on the first paint.
 */
export { creditPackagesResponseSchema, publicConfigSchema } from '@vr/contracts';

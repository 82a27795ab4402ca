/*
 * The audit module's front door: what the rest of the server uses of it. Other modules import
 * audit only from here.
 */
export { listAudit, recordAudit } from './audit.repo.ts';

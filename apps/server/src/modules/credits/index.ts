/*
 * The credits module's front door: what the rest of the server uses of it. Other modules import
 * credits only from here; the ledger's functions take the caller's transaction.
 */
export {
  adjustTo,
  creditPurchase,
  InsufficientCreditsError,
  refund,
  spend,
} from './credit-ledger.ts';
export { creditsRoutes } from './credits.routes.ts';
export { createCreditsService } from './credits.service.ts';

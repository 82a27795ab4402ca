/*
 * The payments module's front door: what the rest of the server uses of it. Other modules
 * import payments only from here.
 */
export { createPaymentIntentsService } from './payment-intents.service.ts';
export { createPaymentMethodsService } from './payment-methods.service.ts';
export { createReceiptMails } from './payments.mails.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { createSandboxCardsService } from './sandbox-cards.service.ts';
export { stripeWebhookRoutes } from './stripe-webhook.routes.ts';
export { createStripeWebhookService } from './stripe-webhook.service.ts';

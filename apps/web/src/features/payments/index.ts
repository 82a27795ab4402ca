/**
 * Payments: the Payment Info section (saved cards, adding one, pending payments) and what a
 * purchase of credits pays with: the cards, the payment intents, the bank's check (3-D Secure).
 */
export { PaymentInfoSection } from './PaymentInfoSection.tsx';
export { ThreeDsDialog } from './ThreeDsDialog.tsx';
export { intentApi, usePaymentMethods, usePaymentsConfig, useRefreshPending } from './api.ts';
export { confirmCardPayment } from './stripe-js.ts';

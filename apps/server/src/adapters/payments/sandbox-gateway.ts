import { createHash } from 'node:crypto';
import type { GatewayResult, PaymentGateway } from './payment-gateway.ts';
import { CARD_MESSAGES } from './sandbox-cards.ts';

/** Stripe's state machine in-server, driven by the test card a payment method was made from. */
export function createSandboxGateway(): PaymentGateway {
  return {
    provider: 'sandbox',
    customerIdFor: (userId) =>
      `cus_sandbox_${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`,
    confirm: ({ paymentMethod }) => {
      let result: GatewayResult;
      switch (paymentMethod.sandboxOutcome) {
        case 'requires_action':
          result = { status: 'requires_action', failureMessage: null };
          break;
        case 'declined':
          result = { status: 'requires_payment_method', failureMessage: CARD_MESSAGES.declined };
          break;
        case 'insufficient_funds':
          result = {
            status: 'requires_payment_method',
            failureMessage: CARD_MESSAGES.insufficientFunds,
          };
          break;
        default:
          result = { status: 'succeeded', failureMessage: null };
      }
      return Promise.resolve(result);
    },
    completeAction: ({ passed }) =>
      Promise.resolve(
        passed
          ? { status: 'succeeded', failureMessage: null }
          : {
              status: 'requires_payment_method',
              failureMessage: CARD_MESSAGES.authenticationFailed,
            },
      ),
  };
}

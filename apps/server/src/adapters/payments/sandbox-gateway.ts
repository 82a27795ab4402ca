import { createHash, randomBytes } from 'node:crypto';
import type { GatewayResult, PaymentGateway } from './payment-gateway.ts';
import { CARD_MESSAGES } from './sandbox-cards.ts';

const token = () => randomBytes(12).toString('hex');

/** Stripe's state machine in-server, driven by the test card a payment method was made from. */
export function createSandboxGateway(): PaymentGateway {
  return {
    provider: 'sandbox',
    createCustomer: (user) =>
      Promise.resolve(
        `cus_sandbox_${createHash('sha256').update(user.id).digest('hex').slice(0, 16)}`,
      ),
    // Sandbox cards are created by this server (POST /api/api/sandbox/payment-methods).
    adoptCard: () => Promise.resolve(null),
    makeDefault: () => Promise.resolve(),
    detachCard: () => Promise.resolve(),
    createIntent: () => {
      const id = `pi_sandbox_${token()}`;
      return Promise.resolve({
        id,
        clientSecret: `${id}_secret_${token()}`,
        status: 'requires_confirmation' as const,
      });
    },
    cancel: () => Promise.resolve({ status: 'canceled', failureMessage: null }),
    retrieve: () => Promise.resolve(null),
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

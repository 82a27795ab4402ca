import type { Config } from '../../config.ts';
import { HttpError } from '../../lib/errors.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';

export type { PaymentGateway } from './payment-gateway.ts';

const notYet = () =>
  new HttpError(501, 'Card payments through Stripe are not available yet; only webhooks are');

/**
 * The configured card gateway (`PAYMENT_PROVIDER`). In stripe mode only the webhook endpoint works
 * so far; the calls below answer 501 until the Stripe adapter lands.
 */
export function createPaymentGateway(config: Pick<Config, 'PAYMENT_PROVIDER'>): PaymentGateway {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return createSandboxGateway();
    case 'stripe':
      return {
        provider: 'stripe',
        customerIdFor: () => {
          throw notYet();
        },
        confirm: () => Promise.reject(notYet()),
        completeAction: () => Promise.reject(notYet()),
      };
  }
}

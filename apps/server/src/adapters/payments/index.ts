import type { Config } from '../../config.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

export type { PaymentGateway } from './payment-gateway.ts';

/** The configured card gateway (`PAYMENT_PROVIDER`). */
export function createPaymentGateway(
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): PaymentGateway {
  return config.PAYMENT_PROVIDER === 'stripe'
    ? createStripeGateway(config)
    : createSandboxGateway();
}

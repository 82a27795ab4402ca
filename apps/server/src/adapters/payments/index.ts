import type { Config } from '../../config.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';

export type { PaymentGateway } from './payment-gateway.ts';

/** The configured card gateway (`PAYMENT_PROVIDER`); only the sandbox exists so far. */
export function createPaymentGateway(config: Pick<Config, 'PAYMENT_PROVIDER'>): PaymentGateway {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return createSandboxGateway();
  }
}

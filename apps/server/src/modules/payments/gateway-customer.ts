import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import { findCustomerId, saveCustomerId } from './payments.repo.ts';

/** The users' customers at the gateway. */
export function createGatewayCustomers({
  db,
  gateway,
}: {
  db: Db;
  gateway: Pick<PaymentGateway, 'createCustomer'>;
}) {
  return {
    /**
     * The user's customer at the gateway, created on first need and kept in the profile.
     * Stripe's idempotency key (per user) makes concurrent first calls end with one customer.
     */
    async findOrCreateCustomerId(user: { id: string; email: string }): Promise<string> {
      const found = await findCustomerId(db, user.id);
      if (found) return found;
      const customerId = await gateway.createCustomer(user);
      await saveCustomerId(db, user.id, customerId);
      return customerId;
    },
  };
}

import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { HttpError } from '../../http/errors.ts';
import { createGatewayCustomers } from './gateway-customer.ts';
import {
  claimPaymentMethod,
  deleteOwnedPaymentMethod,
  findOwnedPaymentMethod,
  insertPaymentMethodIfNew,
  listPaymentMethods,
  markPaymentMethodDefault,
  type PaymentMethodRow,
} from './payments.repo.ts';

type User = { id: string; email: string };

export const paymentMethodNotFound = () => new HttpError(404, 'Payment method not found');

/** The user's saved card `id`; 404 when it is not theirs. */
export async function ownedPaymentMethod(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PaymentMethodRow> {
  const row = await findOwnedPaymentMethod(db, userId, id);
  if (!row) throw paymentMethodNotFound();
  return row;
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

/** A user's saved cards: kept here with brand, digits and expiry only, the card at the gateway. */
export function createPaymentMethodsService({ db, gateway }: { db: Db; gateway: PaymentGateway }) {
  const customers = createGatewayCustomers({ db, gateway });
  return {
    customerIdOf: (user: User) => customers.findOrCreateCustomerId(user),

    list: (userId: string) => listPaymentMethods(db, userId),

    /** Saves a gateway card to the user (Stripe's attach); brand and digits come from the gateway. */
    async attach(user: User, input: { paymentMethodId: string; isDefault: boolean }) {
      const customerId = await customers.findOrCreateCustomerId(user);
      const card = await gateway.adoptCard({ customerId, paymentMethodId: input.paymentMethodId });
      const row = await db.transaction(async (tx) => {
        if (card) {
          await insertPaymentMethodIfNew(tx, {
            id: card.id,
            userId: user.id,
            brand: card.brand,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
            billingDetails: card.billingDetails,
          });
        }
        const claimed = await claimPaymentMethod(tx, user.id, input.paymentMethodId);
        if (!claimed) throw paymentMethodNotFound();
        if (!input.isDefault) return claimed;
        return (await markPaymentMethodDefault(tx, user.id, input.paymentMethodId, true))!;
      });
      if (input.isDefault) {
        await gateway.makeDefault({ customerId, paymentMethodId: input.paymentMethodId });
      }
      return row;
    },

    /** Makes the card the user's default (here, then at the gateway), or not. */
    async setDefault(user: User, id: string, isDefault: boolean) {
      const row = await db.transaction(async (tx) => {
        await ownedPaymentMethod(tx, user.id, id);
        return (await markPaymentMethodDefault(tx, user.id, id, isDefault))!;
      });
      if (isDefault) {
        const customerId = await customers.findOrCreateCustomerId(user);
        await gateway.makeDefault({ customerId, paymentMethodId: id });
      }
      return row;
    },

    /** Detaches the card at the gateway, then forgets it. */
    async remove(userId: string, id: string): Promise<void> {
      await ownedPaymentMethod(db, userId, id);
      await gateway.detachCard(id);
      if (!(await deleteOwnedPaymentMethod(db, userId, id))) throw paymentMethodNotFound();
    },
  };
}

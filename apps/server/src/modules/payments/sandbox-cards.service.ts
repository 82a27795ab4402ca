import { randomBytes } from 'node:crypto';
import type { BillingDetailsReceived } from '@vr/contracts';
import { storedBillingDetails } from '../../adapters/payments/billing-details.ts';
import { CardError, checkCard, type CardInput } from '../../adapters/payments/sandbox-cards.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { insertPaymentMethod, type PaymentMethodRow } from './payments.repo.ts';

export type SandboxCardsService = ReturnType<typeof createSandboxCardsService>;

/** PAYMENT_PROVIDER=sandbox only: the server plays Stripe.js's part of turning a card into a payment method. */
export function createSandboxCardsService({ db }: { db: Db }) {
  return {
    /** Checks the card and keeps only brand, last4 and expiry; the card belongs to nobody yet. */
    async create(
      card: CardInput,
      billingDetails: BillingDetailsReceived | undefined,
    ): Promise<PaymentMethodRow> {
      let checked;
      try {
        checked = checkCard(card);
      } catch (err) {
        if (err instanceof CardError) throw new HttpError(400, err.message);
        throw err;
      }
      return insertPaymentMethod(db, {
        id: `pm_sandbox_${randomBytes(12).toString('hex')}`,
        userId: null,
        brand: checked.brand,
        last4: checked.last4,
        expMonth: checked.expMonth,
        expYear: checked.expYear,
        billingDetails: billingDetails ? storedBillingDetails(billingDetails) : null,
        sandboxOutcome: checked.outcome,
      });
    },
  };
}

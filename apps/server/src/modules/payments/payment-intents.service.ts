import { randomBytes } from 'node:crypto';
import { canVerifyPayment, isFinalPayment, type PaymentIntentStatus } from '@vr/contracts';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { HttpError } from '../../http/errors.ts';
import { findActivePackage } from '../catalog/index.ts';
import { createGatewayCustomers } from './gateway-customer.ts';
import {
  lockOwnedPaymentIntent,
  ownedPaymentIntent,
  createIntentStatusWriter,
} from './intent-status.ts';
import { ownedPaymentMethod } from './payment-methods.service.ts';
import {
  findOwnedPaymentMethod,
  insertPaymentIntent,
  listUnfinishedPaymentIntents,
  type PaymentIntentRow,
} from './payments.repo.ts';

type User = { id: string; email: string };

export interface IntentOutcome {
  intent: PaymentIntentRow;
  /** Why the last charge failed, for the customer; null when it did not. */
  message: string | null;
}

const CONFIRMABLE: readonly PaymentIntentStatus[] = [
  'requires_confirmation',
  'requires_payment_method',
];

/** Unfinished purchases listed: more than a customer leaves open, bounded for the page. */
const UNFINISHED_LIMIT = 50;

const METHOD_GONE = 'The payment method is no longer available.';

export type PaymentIntentsService = ReturnType<typeof createPaymentIntentsService>;

const notAwaitingVerification = (status: PaymentIntentStatus) =>
  new HttpError(400, `The payment intent is ${status}, not awaiting verification`);

/**
 * A purchase's payment intent through its states: created for a catalog package, confirmed
 * (charged), through a 3-D Secure challenge, canceled. Every gateway call happens outside a
 * transaction; its answer is recorded afterwards.
 */
export function createPaymentIntentsService({
  db,
  gateway,
  jobs,
}: {
  db: Db;
  gateway: PaymentGateway;
  /** Receipts are queued where a purchase is credited. */
  jobs: JobSender;
}) {
  const statuses = createIntentStatusWriter({ jobs });
  const customers = createGatewayCustomers({ db, gateway });
  /**
   * Records what the gateway answered for an intent, after the call: the row is locked only now,
   * so no gateway call ever waits inside a transaction. An intent another request already took to
   * a final state keeps it; so does one no longer in a state of `from`, and the call answers that
   * state, or throws what `refuseSettled` makes of it.
   */
  function recordGatewayResult(
    userId: string,
    id: string,
    result: { status: PaymentIntentStatus; failureMessage: string | null },
    from?: readonly PaymentIntentStatus[],
    refuseSettled?: (status: PaymentIntentStatus) => Error,
  ): Promise<IntentOutcome> {
    return db.transaction(async (tx) => {
      const intent = await lockOwnedPaymentIntent(tx, userId, id);
      if (isFinalPayment(intent.status) || (from && !from.includes(intent.status))) {
        if (refuseSettled) throw refuseSettled(intent.status);
        return { intent, message: intent.failureMessage };
      }
      const updated = await statuses.setStatusAndCreditOnSuccess(
        tx,
        intent,
        result.status,
        result.failureMessage,
      );
      return { intent: updated, message: result.failureMessage };
    });
  }

  /** Confirms (charges) an intent; a repeat of a finished one answers its state again. */
  async function confirm(userId: string, id: string): Promise<IntentOutcome> {
    const intent = await ownedPaymentIntent(db, userId, id);
    if (intent.status === 'succeeded') {
      // Credits a success recorded before a crash could credit it (the ledger keeps it once).
      return db.transaction(async (tx) => {
        const locked = await lockOwnedPaymentIntent(tx, userId, id);
        const updated = await statuses.setStatusAndCreditOnSuccess(tx, locked, 'succeeded', null);
        return { intent: updated, message: null };
      });
    }
    if (!CONFIRMABLE.includes(intent.status)) return { intent, message: intent.failureMessage };
    const method = intent.paymentMethodId
      ? await findOwnedPaymentMethod(db, userId, intent.paymentMethodId)
      : undefined;
    if (!method) {
      return recordGatewayResult(
        userId,
        id,
        { status: 'requires_payment_method', failureMessage: METHOD_GONE },
        CONFIRMABLE,
      );
    }
    const result = await gateway.confirm({
      intentId: intent.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      paymentMethod: { id: method.id, sandboxOutcome: method.sandboxOutcome },
    });
    return recordGatewayResult(userId, id, result);
  }

  return {
    /** Creates an intent for a catalog package; amount and credits come from the catalog only. */
    async purchasePackage(
      user: User,
      input: { packageId: string; paymentMethodId: string; confirmImmediately: boolean },
    ): Promise<PaymentIntentRow> {
      const pkg = await findActivePackage(db, input.packageId);
      if (!pkg) throw new HttpError(404, 'Credit package not found');
      await ownedPaymentMethod(db, user.id, input.paymentMethodId);
      const customerId = await customers.findOrCreateCustomerId(user);
      const idempotencyKey = `purchase-${randomBytes(12).toString('hex')}`;
      const created = await gateway.createIntent({
        customerId,
        paymentMethodId: input.paymentMethodId,
        amountCents: pkg.amountCents,
        currency: pkg.currency,
        idempotencyKey,
        metadata: { userId: user.id, packageId: pkg.id, credits: String(pkg.credits) },
      });
      const intent = await insertPaymentIntent(db, {
        id: created.id,
        userId: user.id,
        packageId: pkg.id,
        description: pkg.description,
        paymentMethodId: input.paymentMethodId,
        amountCents: pkg.amountCents,
        currency: pkg.currency,
        credits: pkg.credits,
        status: created.status,
        clientSecret: created.clientSecret,
        idempotencyKey,
      });
      if (!input.confirmImmediately) return intent;
      return (await confirm(user.id, created.id)).intent;
    },

    confirm,

    /** Ends the 3-D Secure challenge of an intent in `requires_action` (sandbox dialog). */
    async completeChallenge(userId: string, id: string, passed: boolean): Promise<IntentOutcome> {
      const intent = await ownedPaymentIntent(db, userId, id);
      if (!canVerifyPayment(intent.status)) throw notAwaitingVerification(intent.status);
      const result = await gateway.completeAction({
        intentId: intent.id,
        paymentMethod: { id: intent.paymentMethodId ?? '', sandboxOutcome: null },
        passed,
      });
      // Concurrent completions all pass the check above; under the row's lock one completes the
      // challenge, and the others answer as a completion after it does.
      return recordGatewayResult(userId, id, result, ['requires_action'], notAwaitingVerification);
    },

    /**
     * The user's intent as the gateway has it now: a pending one takes the gateway's state (stripe
     * mode), so a success the server missed (it died between the gateway's success and the
     * ledger write) is credited now, once. Where this server is the gateway (sandbox), the
     * recorded state is the answer.
     */
    async checkStatus(userId: string, id: string): Promise<PaymentIntentRow> {
      const current = await ownedPaymentIntent(db, userId, id);
      if (isFinalPayment(current.status)) return current;
      const remote = await gateway.retrieve(id);
      if (!remote) return current;
      return db.transaction(async (tx) => {
        const intent = await lockOwnedPaymentIntent(tx, userId, id);
        if (isFinalPayment(intent.status)) return intent;
        if (intent.status === remote.status && intent.failureMessage === remote.failureMessage) {
          return intent;
        }
        return statuses.setStatusAndCreditOnSuccess(
          tx,
          intent,
          remote.status,
          remote.failureMessage,
        );
      });
    },

    /**
     * The user's purchases that can still be completed (awaiting confirmation or verification,
     * or processing), as recorded, newest first: what Pending Payments lists after a reload.
     */
    listUnfinished: (userId: string): Promise<PaymentIntentRow[]> =>
      listUnfinishedPaymentIntents(db, userId, UNFINISHED_LIMIT),

    /** Cancels an intent that has not succeeded; canceling a canceled one answers it again. */
    async cancel(userId: string, id: string): Promise<PaymentIntentRow> {
      const intent = await ownedPaymentIntent(db, userId, id);
      if (intent.status === 'canceled') return intent;
      if (intent.status === 'succeeded') {
        throw new HttpError(400, 'A succeeded payment cannot be canceled');
      }
      const result = await gateway.cancel(intent.id);
      return (await recordGatewayResult(userId, id, result)).intent;
    },
  };
}

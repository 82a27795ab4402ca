import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import { CardError, checkCard, type CardInput } from '../../adapters/payments/sandbox-cards.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import {
  paymentIntents,
  paymentMethods,
  profiles,
  webhookEvents,
  type BillingDetails,
  type PaymentIntentStatus,
} from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { findActivePackage } from '../catalog/catalog.repo.ts';
import { creditPurchase, type Tx } from '../credits/credits.ledger.ts';

type PaymentMethodRow = typeof paymentMethods.$inferSelect;
type PaymentIntentRow = typeof paymentIntents.$inferSelect;

const notFound = (what: string) => new HttpError(404, `${what} not found`);
const token = () => randomBytes(12).toString('hex');

export function paymentMethodView(row: PaymentMethodRow) {
  return {
    id: row.id,
    paymentMethodId: row.id,
    cardBrand: row.brand,
    last4: row.last4,
    expMonth: String(row.expMonth).padStart(2, '0'),
    expYear: String(row.expYear),
    isDefault: row.isDefault,
    cardholderName: row.billingDetails?.name ?? 'Unknown',
  };
}

export function paymentIntentView(row: PaymentIntentRow) {
  return {
    paymentIntentId: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amount: row.amountCents,
    currency: row.currency,
  };
}

/** Sandbox stand-in for Stripe.js: checks the card and keeps only brand, last4 and expiry. */
export async function createSandboxPaymentMethod(
  db: Db,
  card: CardInput,
  billingDetails: BillingDetails | undefined,
): Promise<PaymentMethodRow> {
  let checked;
  try {
    checked = checkCard(card);
  } catch (err) {
    if (err instanceof CardError) throw new HttpError(400, err.message);
    throw err;
  }
  const rows = await db
    .insert(paymentMethods)
    .values({
      id: `pm_sandbox_${token()}`,
      userId: null,
      brand: checked.brand,
      last4: checked.last4,
      expMonth: checked.expMonth,
      expYear: checked.expYear,
      billingDetails: billingDetails ?? null,
      sandboxOutcome: checked.outcome,
    })
    .returning();
  return rows[0]!;
}

async function ownedMethod(db: Db | Tx, userId: string, id: string): Promise<PaymentMethodRow> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  const row = rows[0];
  if (!row) throw notFound('Payment method');
  return row;
}

export function listPaymentMethods(db: Db, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/**
 * The user's customer at the gateway, created on first need and kept in the profile. Stripe's
 * idempotency key (per user) makes concurrent first calls end with one customer.
 */
export async function ensureCustomer(
  db: Db,
  gateway: PaymentGateway,
  user: { id: string; email: string },
): Promise<string> {
  const found = await db
    .select({ customerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.userId, user.id));
  if (found[0]?.customerId) return found[0].customerId;
  const customerId = await gateway.createCustomer(user);
  await db
    .insert(profiles)
    .values({ userId: user.id, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { stripeCustomerId: sql`coalesce(${profiles.stripeCustomerId}, ${customerId})` },
    });
  return customerId;
}

/** Saves a gateway card to the user (Stripe's attach); brand and digits come from the gateway. */
export async function attachPaymentMethod(
  db: Db,
  gateway: PaymentGateway,
  user: { id: string; email: string },
  input: { paymentMethodId: string; isDefault: boolean },
): Promise<PaymentMethodRow> {
  const customerId = await ensureCustomer(db, gateway, user);
  const card = await gateway.adoptCard({ customerId, paymentMethodId: input.paymentMethodId });
  const row = await db.transaction(async (tx) => {
    if (card) {
      await tx
        .insert(paymentMethods)
        .values({
          id: card.id,
          userId: user.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          billingDetails: card.billingDetails,
        })
        .onConflictDoNothing();
    }
    const claimed = await tx
      .update(paymentMethods)
      .set({ userId: user.id })
      .where(
        and(
          eq(paymentMethods.id, input.paymentMethodId),
          or(isNull(paymentMethods.userId), eq(paymentMethods.userId, user.id)),
        ),
      )
      .returning();
    if (claimed.length === 0) throw notFound('Payment method');
    if (input.isDefault) return setDefaultIn(tx, user.id, input.paymentMethodId, true);
    return claimed[0]!;
  });
  if (input.isDefault) {
    await gateway.makeDefault({ customerId, paymentMethodId: input.paymentMethodId });
  }
  return row;
}

async function setDefaultIn(
  tx: Tx,
  userId: string,
  id: string,
  isDefault: boolean,
): Promise<PaymentMethodRow> {
  await ownedMethod(tx, userId, id);
  if (isDefault) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, id)));
  }
  const rows = await tx
    .update(paymentMethods)
    .set({ isDefault })
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning();
  return rows[0]!;
}

export async function setDefaultPaymentMethod(
  db: Db,
  gateway: PaymentGateway,
  user: { id: string; email: string },
  id: string,
  isDefault: boolean,
): Promise<PaymentMethodRow> {
  const row = await db.transaction((tx) => setDefaultIn(tx, user.id, id, isDefault));
  if (isDefault) {
    const customerId = await ensureCustomer(db, gateway, user);
    await gateway.makeDefault({ customerId, paymentMethodId: id });
  }
  return row;
}

export async function deletePaymentMethod(
  db: Db,
  gateway: PaymentGateway,
  userId: string,
  id: string,
): Promise<void> {
  await ownedMethod(db, userId, id);
  await gateway.detachCard(id);
  const rows = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning({ id: paymentMethods.id });
  if (rows.length === 0) throw notFound('Payment method');
}

/** Creates an intent for a catalog package; amount and credits come from the catalog only. */
export async function createPurchase(
  db: Db,
  jobs: JobSender,
  gateway: PaymentGateway,
  user: { id: string; email: string },
  input: { packageId: string; paymentMethodId: string; confirmImmediately: boolean },
): Promise<PaymentIntentRow> {
  const pkg = await findActivePackage(db, input.packageId);
  if (!pkg) throw notFound('Credit package');
  await ownedMethod(db, user.id, input.paymentMethodId);
  const customerId = await ensureCustomer(db, gateway, user);
  const idempotencyKey = `purchase-${token()}`;
  const created = await gateway.createIntent({
    customerId,
    paymentMethodId: input.paymentMethodId,
    amountCents: pkg.amountCents,
    currency: pkg.currency,
    idempotencyKey,
    metadata: { userId: user.id, packageId: pkg.id, credits: String(pkg.credits) },
  });
  const rows = await db
    .insert(paymentIntents)
    .values({
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
    })
    .returning();
  if (!input.confirmImmediately) return rows[0]!;
  return (await confirmIntent(db, jobs, gateway, user.id, created.id)).intent;
}

export async function getIntent(db: Db, userId: string, id: string): Promise<PaymentIntentRow> {
  const rows = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.userId, userId)));
  if (!rows[0]) throw notFound('Payment intent');
  return rows[0];
}

async function lockIntent(tx: Tx, userId: string, id: string): Promise<PaymentIntentRow> {
  const rows = await tx
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.userId, userId)))
    .for('update');
  if (!rows[0]) throw notFound('Payment intent');
  return rows[0];
}

export async function setStatus(
  tx: Tx,
  jobs: JobSender,
  intent: PaymentIntentRow,
  status: PaymentIntentStatus,
  failureMessage: string | null,
): Promise<PaymentIntentRow> {
  const rows = await tx
    .update(paymentIntents)
    .set({ status, failureMessage, updatedAt: sql`now()` })
    .where(eq(paymentIntents.id, intent.id))
    .returning();
  const updated = rows[0]!;
  // Every path to `succeeded` credits through the idempotent ledger, in the same transaction;
  // the one that credits queues the receipt, so each purchase gets exactly one.
  if (status === 'succeeded') {
    const credited = await creditPurchase(
      tx as unknown as Db,
      { userId: intent.userId, paymentIntentId: intent.id, credits: intent.credits },
      tx,
    );
    if (credited.applied) {
      await jobs.enqueue(tx, 'mail', {
        kind: 'receipt',
        intentId: intent.id,
        balance: credited.balance,
      });
    }
  }
  return updated;
}

export interface ConfirmResult {
  intent: PaymentIntentRow;
  message: string | null;
}

const CONFIRMABLE: readonly PaymentIntentStatus[] = [
  'requires_confirmation',
  'requires_payment_method',
];

const METHOD_GONE = 'The payment method is no longer available.';

/** States no later answer of the gateway may leave: a success stays credited, a cancel stays. */
const FINAL: readonly PaymentIntentStatus[] = ['succeeded', 'canceled'];

/**
 * Records what the gateway answered for an intent, after the call: the row is locked only now,
 * so no gateway call ever waits inside a transaction. An intent another request already took to
 * a final state keeps it; a success credits once through the idempotent ledger.
 */
async function recordGatewayResult(
  db: Db,
  jobs: JobSender,
  userId: string,
  id: string,
  result: { status: PaymentIntentStatus; failureMessage: string | null },
  from?: readonly PaymentIntentStatus[],
): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const intent = await lockIntent(tx, userId, id);
    if (FINAL.includes(intent.status) || (from && !from.includes(intent.status))) {
      return { intent, message: intent.failureMessage };
    }
    const updated = await setStatus(tx, jobs, intent, result.status, result.failureMessage);
    return { intent: updated, message: result.failureMessage };
  });
}

/** Confirms (charges) an intent; a repeat of a finished one answers its state again. */
export async function confirmIntent(
  db: Db,
  jobs: JobSender,
  gateway: PaymentGateway,
  userId: string,
  id: string,
): Promise<ConfirmResult> {
  const intent = await getIntent(db, userId, id);
  if (intent.status === 'succeeded') {
    // Credits a success recorded before a crash could credit it (the ledger keeps it once).
    return db.transaction(async (tx) => ({
      intent: await setStatus(tx, jobs, await lockIntent(tx, userId, id), 'succeeded', null),
      message: null,
    }));
  }
  if (!CONFIRMABLE.includes(intent.status)) return { intent, message: intent.failureMessage };
  const method = intent.paymentMethodId
    ? (
        await db
          .select()
          .from(paymentMethods)
          .where(
            and(eq(paymentMethods.id, intent.paymentMethodId), eq(paymentMethods.userId, userId)),
          )
      )[0]
    : undefined;
  if (!method) {
    return recordGatewayResult(
      db,
      jobs,
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
  return recordGatewayResult(db, jobs, userId, id, result);
}

/** Ends the 3-D Secure challenge of an intent in `requires_action` (sandbox dialog). */
export async function completeAction(
  db: Db,
  jobs: JobSender,
  gateway: PaymentGateway,
  userId: string,
  id: string,
  passed: boolean,
): Promise<ConfirmResult> {
  const intent = await getIntent(db, userId, id);
  if (intent.status !== 'requires_action') {
    throw new HttpError(400, `The payment intent is ${intent.status}, not awaiting verification`);
  }
  const result = await gateway.completeAction({
    intentId: intent.id,
    paymentMethod: { id: intent.paymentMethodId ?? '', sandboxOutcome: null },
    passed,
  });
  return recordGatewayResult(db, jobs, userId, id, result, ['requires_action']);
}

export async function cancelIntent(
  db: Db,
  jobs: JobSender,
  gateway: PaymentGateway,
  userId: string,
  id: string,
): Promise<PaymentIntentRow> {
  const intent = await getIntent(db, userId, id);
  if (intent.status === 'canceled') return intent;
  if (intent.status === 'succeeded') {
    throw new HttpError(400, 'A succeeded payment cannot be canceled');
  }
  const result = await gateway.cancel(intent.id);
  return (await recordGatewayResult(db, jobs, userId, id, result)).intent;
}

/** The part of a Stripe event this server acts on. */
export interface WebhookEvent {
  id: string;
  type: string;
  intentId: string | null;
  failureMessage: string | null;
}

export type WebhookOutcome = 'duplicate' | 'ignored' | 'applied';

/**
 * Applies a verified Stripe event once (the event id is the key of `webhook_events`). A success
 * credits through the idempotent ledger; a failure or cancellation never touches a succeeded
 * intent, so a late `payment_failed` cannot undo a credit.
 */
export async function handleWebhookEvent(
  db: Db,
  jobs: JobSender,
  event: WebhookEvent,
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return 'duplicate';
    const known = [
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'payment_intent.canceled',
    ];
    if (!known.includes(event.type) || !event.intentId) return 'ignored';
    const rows = await tx
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, event.intentId))
      .for('update');
    const intent = rows[0];
    if (!intent) return 'ignored';
    if (event.type === 'payment_intent.succeeded') {
      await setStatus(tx, jobs, intent, 'succeeded', null);
      return 'applied';
    }
    if (intent.status === 'succeeded' || intent.status === 'canceled') return 'ignored';
    if (event.type === 'payment_intent.canceled') {
      await setStatus(tx, jobs, intent, 'canceled', null);
    } else {
      await setStatus(tx, jobs, intent, 'requires_payment_method', event.failureMessage);
    }
    return 'applied';
  });
}

/**
 * Status check against the gateway (stripe mode): takes the gateway's state for a pending intent.
 * A success the server missed (it died between the gateway's success and the ledger write) is
 * credited here, once, through the same path as every other success.
 */
export async function reconcileIntent(
  db: Db,
  jobs: JobSender,
  retrieve: (id: string) => Promise<{ status: PaymentIntentStatus; failureMessage: string | null }>,
  userId: string,
  id: string,
): Promise<PaymentIntentRow> {
  const current = await getIntent(db, userId, id);
  if (current.status === 'succeeded' || current.status === 'canceled') return current;
  const remote = await retrieve(id);
  return db.transaction(async (tx) => {
    const intent = await lockIntent(tx, userId, id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') return intent;
    if (intent.status === remote.status && intent.failureMessage === remote.failureMessage) {
      return intent;
    }
    return setStatus(tx, jobs, intent, remote.status, remote.failureMessage);
  });
}

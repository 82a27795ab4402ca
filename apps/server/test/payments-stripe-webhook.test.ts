import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, paymentIntents, webhookEvents } from '../src/db/schema.ts';
import { WEBHOOK_FUTURE_MESSAGE } from '../src/modules/payments/stripe-webhook.routes.ts';
import { createVerifiedUser, type SignedIn } from './auth-support.ts';
import { freshIp } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const WEBHOOK_SECRET = 'whsec_test_webhook_secret';
const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_double',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const URL = '/api/api/stripe-credit/webhook';
const stripe = new Stripe('sk_test_double');

let eventCounter = 0;
const eventId = () => `evt_test_${process.pid}_${(eventCounter += 1)}`;

function eventPayload(id: string, type: string, intentId: string, extra: object = {}): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: intentId, object: 'payment_intent', ...extra } },
  });
}

function deliver(t: TestApp, payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: URL,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': freshIp(),
      'stripe-signature':
        signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

describe.each(testDatabases())('Stripe webhook on $name', (testDb) => {
  let t: TestApp;
  let alice: SignedIn;
  let intentCounter = 0;

  async function pendingIntent(user: SignedIn): Promise<string> {
    const id = `pi_test_${(intentCounter += 1)}`;
    await t.database.db.insert(paymentIntents).values({
      id,
      userId: user.userId,
      packageId: 'credits_5',
      description: '5 credits',
      amountCents: 500,
      currency: 'usd',
      credits: 5,
      status: 'requires_confirmation',
      clientSecret: `${id}_secret_x`,
    });
    return id;
  }

  const credit = async (user: SignedIn) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/api/user/credit',
        headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': freshIp() },
      })
    ).json().creditBalance;

  const status = async (id: string) =>
    (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0]?.status;

  const ledgerRows = async (id: string) =>
    (await t.database.db.select().from(creditLedger)).filter((r) => r.reference === id);

  beforeAll(async () => {
    t = await createTestApp(testDb, { env: STRIPE_ENV });
    alice = await createVerifiedUser(t.app, t.database.db);
  });
  afterAll(() => t.close());

  it('rejects a bad signature with 400 and a message, changing nothing', async () => {
    const intent = await pendingIntent(alice);
    const before = await credit(alice);
    const payload = eventPayload(eventId(), 'payment_intent.succeeded', intent);
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const res = await deliver(t, payload, forged);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    const missing = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(await credit(alice)).toBe(before);
    expect(await status(intent)).toBe('requires_confirmation');
  });

  it('rejects a body changed after signing (the signature covers the raw bytes)', async () => {
    const intent = await pendingIntent(alice);
    const payload = eventPayload(eventId(), 'payment_intent.succeeded', intent);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const reformatted = JSON.stringify(JSON.parse(payload), null, 2);
    const res = await deliver(t, reformatted, signature);
    expect(res.statusCode).toBe(400);
    expect(await status(intent)).toBe('requires_confirmation');
  });

  it('rejects a timestamp older than 300 seconds', async () => {
    const intent = await pendingIntent(alice);
    const before = await credit(alice);
    const payload = eventPayload(eventId(), 'payment_intent.succeeded', intent);
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301 - 5,
    });
    const res = await deliver(t, payload, stale);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/tolerance/i);
    expect(await credit(alice)).toBe(before);
  });

  it('rejects a signature dated 400 seconds ahead, and takes one 60 seconds ahead', async () => {
    const intent = await pendingIntent(alice);
    const before = await credit(alice);
    const payload = eventPayload(eventId(), 'payment_intent.succeeded', intent);
    const ahead = (seconds: number) =>
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) + seconds,
      });
    const future = await deliver(t, payload, ahead(400));
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(WEBHOOK_FUTURE_MESSAGE);
    expect(await credit(alice)).toBe(before);
    expect(await status(intent)).toBe('requires_confirmation');

    // Clocks drift a little both ways; within the tolerance the event is taken.
    expect((await deliver(t, payload, ahead(60))).statusCode).toBe(200);
    expect(await credit(alice)).toBe(before + 5);
  });

  it('answers 200 to an unknown event and records nothing else', async () => {
    const id = eventId();
    const res = await deliver(t, eventPayload(id, 'customer.created', 'cus_123'));
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
    expect(rows).toHaveLength(1);
  });

  it('credits a success exactly once across 10 duplicate deliveries at once', async () => {
    const intent = await pendingIntent(alice);
    const before = await credit(alice);
    const payload = eventPayload(eventId(), 'payment_intent.succeeded', intent);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(t, payload)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await credit(alice)).toBe(before + 5);
    expect(await status(intent)).toBe('succeeded');
    expect(await ledgerRows(intent)).toHaveLength(1);
  });

  it('credits once when different events report the same success', async () => {
    const intent = await pendingIntent(alice);
    const before = await credit(alice);
    for (let i = 0; i < 3; i += 1) {
      const res = await deliver(t, eventPayload(eventId(), 'payment_intent.succeeded', intent));
      expect(res.statusCode).toBe(200);
    }
    expect(await credit(alice)).toBe(before + 5);
    expect(await ledgerRows(intent)).toHaveLength(1);
  });

  it('a payment_failed or canceled after succeeded undoes nothing', async () => {
    const intent = await pendingIntent(alice);
    const before = await credit(alice);
    expect(
      (await deliver(t, eventPayload(eventId(), 'payment_intent.succeeded', intent))).statusCode,
    ).toBe(200);
    const failed = eventPayload(eventId(), 'payment_intent.payment_failed', intent, {
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect((await deliver(t, failed)).statusCode).toBe(200);
    expect(
      (await deliver(t, eventPayload(eventId(), 'payment_intent.canceled', intent))).statusCode,
    ).toBe(200);
    expect(await status(intent)).toBe('succeeded');
    expect(await credit(alice)).toBe(before + 5);
    expect(await ledgerRows(intent)).toHaveLength(1);
  });

  it('records a failure and a cancellation on a pending intent without crediting', async () => {
    const before = await credit(alice);
    const failing = await pendingIntent(alice);
    await deliver(
      t,
      eventPayload(eventId(), 'payment_intent.payment_failed', failing, {
        last_payment_error: { message: 'Your card has insufficient funds.' },
      }),
    );
    expect(await status(failing)).toBe('requires_payment_method');
    const row = (
      await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, failing))
    )[0];
    expect(row?.failureMessage).toBe('Your card has insufficient funds.');
    const canceling = await pendingIntent(alice);
    await deliver(t, eventPayload(eventId(), 'payment_intent.canceled', canceling));
    expect(await status(canceling)).toBe('canceled');
    expect(await credit(alice)).toBe(before);
  });

  it('credits once an intent our database still holds as pending (crash before the ledger write)', async () => {
    // The gateway reported success but the server died before writing: the row is still pending.
    const intent = await pendingIntent(alice);
    const before = await credit(alice);
    const payload = eventPayload(eventId(), 'payment_intent.succeeded', intent);
    expect((await deliver(t, payload)).statusCode).toBe(200);
    expect((await deliver(t, payload)).statusCode).toBe(200);
    expect(await credit(alice)).toBe(before + 5);
    expect(await ledgerRows(intent)).toHaveLength(1);
  });

  it('ignores an event for an intent it does not know', async () => {
    const res = await deliver(t, eventPayload(eventId(), 'payment_intent.succeeded', 'pi_nope'));
    expect(res.statusCode).toBe(200);
  });
});

describe('Stripe webhook in sandbox mode', () => {
  it('does not exist (404)', async () => {
    const t = await createTestApp(testDatabases()[0]!);
    try {
      const payload = eventPayload(eventId(), 'payment_intent.succeeded', 'pi_x');
      const res = await deliver(t, payload);
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

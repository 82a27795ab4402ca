import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;

export interface StripeDouble {
  baseUrl: string;
  customers: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  /** Form bodies of every create request, in order. */
  requests: { method: string; path: string; form: URLSearchParams; idempotencyKey?: string }[];
  /** What confirming an intent paid with this card does (default: succeeded). */
  outcomes: Map<string, 'succeeded' | 'requires_action' | 'declined'>;
  /**
   * Holds the answer of every request whose path matches until `release()`: a Stripe that is
   * slow to answer. `arrived(n)` resolves once n such requests are waiting.
   */
  hold(path: RegExp): { arrived(count: number): Promise<void>; release(): void };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for the few Stripe endpoints the card flow uses, with form-encoded bodies and
 * `Idempotency-Key` replay as Stripe documents them. Not a Stripe emulator.
 */
export async function startStripeDouble(): Promise<StripeDouble> {
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const outcomes = new Map<string, 'succeeded' | 'requires_action' | 'declined'>();
  const replays = new Map<string, { status: number; body: Obj }>();
  const requests: StripeDouble['requests'] = [];
  const holds: {
    path: RegExp;
    waiting: number;
    released: Promise<void>;
    onArrive(): void;
    release(): void;
  }[] = [];

  function hold(path: RegExp) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const watchers: { count: number; resolve(): void }[] = [];
    const entry = {
      path,
      waiting: 0,
      released,
      release,
      onArrive() {
        entry.waiting += 1;
        for (const w of watchers) if (entry.waiting >= w.count) w.resolve();
      },
    };
    holds.push(entry);
    return {
      arrived: (count: number) =>
        entry.waiting >= count
          ? Promise.resolve()
          : new Promise<void>((resolve) => watchers.push({ count, resolve })),
      release: () => {
        if (holds.includes(entry)) holds.splice(holds.indexOf(entry), 1);
        release();
      },
    };
  }

  const error = (status: number, message: string, code?: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
  });
  // Stripe's code when an intent is not in a state the call needs (another request moved it).
  const UNEXPECTED_STATE = 'payment_intent_unexpected_state';

  function handle(
    method: string,
    path: string,
    form: URLSearchParams,
  ): { status: number; body: Obj } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: form.get('email') };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path)) && method === 'POST') {
      const customer = customers.get(m[1]!);
      if (!customer) return error(404, `No such customer: '${m[1]}'`);
      const defaultPm = form.get('invoice_settings[default_payment_method]');
      if (defaultPm) customer.invoice_settings = { default_payment_method: defaultPm };
      return { status: 200, body: customer };
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return error(404, `No such PaymentMethod: '${m[1]}'`);
      if (method === 'POST' && m[2] === '/attach') {
        const customer = form.get('customer') ?? '';
        if (!customers.has(customer)) return error(404, `No such customer: '${customer}'`);
        pm.customer = customer;
      }
      if (method === 'POST' && m[2] === '/detach') pm.customer = null;
      return { status: 200, body: pm };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent: Obj = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        payment_method: form.get('payment_method'),
        payment_method_types: form.getAll('allowed_payment_method_types[0]'),
        status: form.get('confirm') === 'true' ? 'processing' : 'requires_confirmation',
        client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
        last_payment_error: null,
      };
      paymentIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path))) {
      const intent = paymentIntents.get(m[1]!);
      if (!intent) return error(404, `No such payment_intent: '${m[1]}'`);
      if (method === 'POST' && m[2] === '/confirm') {
        if (
          intent.status !== 'requires_confirmation' &&
          intent.status !== 'requires_payment_method'
        ) {
          return error(
            400,
            `This PaymentIntent's status is ${String(intent.status)}`,
            UNEXPECTED_STATE,
          );
        }
        const outcome = outcomes.get(String(intent.payment_method)) ?? 'succeeded';
        intent.status = outcome === 'declined' ? 'requires_payment_method' : outcome;
        intent.last_payment_error =
          outcome === 'declined'
            ? { code: 'card_declined', message: 'Your card was declined.' }
            : null;
      } else if (method === 'POST' && m[2] === '/cancel') {
        if (intent.status === 'succeeded') {
          return error(
            400,
            'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            UNEXPECTED_STATE,
          );
        }
        intent.status = 'canceled';
      }
      return { status: 200, body: intent };
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const form = new URLSearchParams(method === 'GET' ? url.search : raw);
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      const held = holds.find((h) => h.path.test(url.pathname));
      if (held) {
        held.onArrive();
        await held.released;
      }
      requests.push({
        method,
        path: url.pathname,
        form,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      let answer = idempotencyKey
        ? replays.get(`${method} ${url.pathname} ${idempotencyKey}`)
        : undefined;
      if (!answer) {
        answer = handle(method, url.pathname, form);
        if (idempotencyKey) replays.set(`${method} ${url.pathname} ${idempotencyKey}`, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    customers,
    paymentMethods,
    paymentIntents,
    requests,
    outcomes,
    hold,
    close: () => {
      for (const held of holds.splice(0)) held.release();
      return new Promise<void>((resolve, reject) =>
        server.close((e) => (e ? reject(e) : resolve())),
      );
    },
  };
}

/** The configuration of a server in stripe mode talking to `double`. */
export function stripeModeEnv(double: StripeDouble): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_double',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
    STRIPE_WEBHOOK_SECRET: 'whsec_double',
    STRIPE_API_BASE: double.baseUrl,
  };
}

/** A card as Stripe.js would have created it (the double has no card-creation endpoint). */
export function addCard(double: StripeDouble, last4 = '4242'): string {
  const pmId = id('pm');
  double.paymentMethods.set(pmId, {
    id: pmId,
    object: 'payment_method',
    type: 'card',
    customer: null,
    card: { brand: 'visa', last4, exp_month: 12, exp_year: 2034 },
    billing_details: { name: 'Stripe Customer', email: null, phone: null, address: null },
  });
  return pmId;
}

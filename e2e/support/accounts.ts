import type { Page } from 'playwright-core';
import type { Inbox } from './inbox.ts';
import type { RunningServer } from './server.ts';

export const PASSWORD = 'Str0ng!pass';

export interface Account {
  email: string;
  password: string;
  token: string;
}

/** Calls the server's JSON API as a client would; throws with the body on a failure status. */
export async function api<T = unknown>(
  server: Pick<RunningServer, 'url'>,
  path: string,
  init: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { Origin: server.url, ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Signs up and verifies `email` through the API with the mailed code; the profile is created.
 * `headers` go with every call (a load test signs many up from "different addresses").
 */
export async function createAccount(
  server: Pick<RunningServer, 'url'>,
  inbox: Inbox,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<Account> {
  await api(server, '/api/auth/sign-up/email', { body: { email, password }, headers });
  const otp = await inbox.nextCode(email);
  const { token } = await api<{ token: string }>(server, '/api/auth/email-otp/verify-email', {
    body: { email, otp, password },
    headers,
  });
  await api(server, '/api/api/register', { token, body: {}, headers });
  return { email, password, token };
}

/** The account's credit balance as the server has it. */
export async function creditBalance(
  server: Pick<RunningServer, 'url'>,
  account: Pick<Account, 'token'>,
): Promise<number> {
  const body = await api<{ creditBalance: number }>(server, '/api/api/user/credit', {
    token: account.token,
  });
  return body.creditBalance;
}

/** A fresh bearer token for an existing account (e.g. after a role change). */
export async function signInApi(server: RunningServer, email: string, password = PASSWORD) {
  const { token } = await api<{ token: string }>(server, '/api/auth/sign-in/email', {
    body: { email, password },
  });
  return token;
}

/** Opens `path` signed out and signs in through the dialog it shows. */
export async function signInInBrowser(
  page: Page,
  server: RunningServer,
  path: string,
  account: Account,
) {
  await page.goto(`${server.url}${path}`);
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Saves a sandbox test card to the account as the dashboard does (the card is made by the
 * sandbox's stand-in for Stripe.js, then saved); returns its payment method id.
 */
export async function addSandboxCard(
  server: RunningServer,
  token: string,
  opts: { number?: string; isDefault?: boolean } = {},
): Promise<string> {
  const card = await api<{
    id: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  }>(server, '/api/api/sandbox/payment-methods', {
    token,
    body: {
      number: opts.number ?? '4242424242424242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
      billingDetails: { name: 'Test Buyer' },
    },
  });
  await api(server, '/api/api/user/payment-methods', {
    token,
    body: {
      paymentMethodId: card.id,
      cardBrand: card.brand,
      last4: card.last4,
      expMonth: String(card.expMonth).padStart(2, '0'),
      expYear: String(card.expYear),
      isDefault: opts.isDefault ?? false,
    },
  });
  return card.id;
}

/**
 * Buys a package with a sandbox card through the API, as the dashboard does: saves the card,
 * creates the intent and confirms it. Returns the final intent status.
 */
export async function buyCredits(
  server: RunningServer,
  token: string,
  opts: { packageId?: string; number?: string } = {},
): Promise<string> {
  const card = await addSandboxCard(server, token, { number: opts.number });
  const intent = await api<{ paymentIntentId: string }>(
    server,
    '/api/api/stripe-credit/credit-purchase',
    {
      token,
      body: {
        packageId: opts.packageId ?? 'credits_3',
        paymentMethodId: card,
        confirmImmediately: false,
      },
    },
  );
  const confirmed = await api<{ status: string }>(
    server,
    `/api/api/stripe-credit/payment-intent/${intent.paymentIntentId}/confirm`,
    { token, body: {} },
  );
  return confirmed.status;
}

import { request } from 'node:http';
import { AUTH_MESSAGES } from '@vr/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, api, createAccount } from '../support/accounts.ts';
import { startRegistration } from '../support/dialogs.ts';
import { useBrowserSuite } from '../support/suite.ts';

const ADMIN = 'admin@example.com';
const NEW_PASSWORD = 'N3w!password';
const ATTACKER_PASSWORD = 'Attack3r!pass';

const suite = useBrowserSuite({ ADMIN_EMAILS: ADMIN });

/** Registers `email` through the dialog on /dashboard and verifies it with the mailed code. */
async function register(page: Page, email: string, opts: { wrongCodeFirst?: boolean } = {}) {
  const verify = await startRegistration(page, email);
  const code = await suite.inbox.nextCode(email);
  if (opts.wrongCodeFirst) {
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await verify.getByLabel('Verification Code').fill(wrong);
    await verify.getByRole('button', { name: 'Verify Email' }).click();
    await verify.getByText(AUTH_MESSAGES.invalidCode).waitFor();
  }
  await verify.getByLabel('Verification Code').fill(code);
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await verify.getByText(AUTH_MESSAGES.verifiedAndSignedIn).waitFor();
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

async function signedInDashboard(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  await page.getByRole('button', { name: email }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
}

describe('accounts in the browser', () => {
  const user = 'ann@example.com';

  it('registers with the mailed code, keeps the session on reload, signs out and in', async () => {
    const page = await suite.open('/dashboard');
    await register(page, user, { wrongCodeFirst: true });
    await signedInDashboard(page, user);

    // The token lives in memory; the reload renews it through the session cookie.
    await page.reload();
    await signedInDashboard(page, user);
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).not.toMatch(/token/i);

    await page.getByRole('button', { name: user }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signIn(page, user, PASSWORD);
    await page.waitForURL(`${suite.server.url}/dashboard`);
    await signedInDashboard(page, user);
  });

  it('shows the signed-in landing header', async () => {
    const page = await suite.open('/dashboard');
    await signIn(page, user, PASSWORD);
    await signedInDashboard(page, user);
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('button', { name: 'Dashboard' }).waitFor();
    await page.getByText('Ann Marie Lee').waitFor();
    await page.getByRole('button', { name: 'Get Lookup', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });

  it('resets the password with the mailed code and signs in', async () => {
    const page = await suite.open('/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).getByText('Forgot password?').click();
    const forgot = page.getByRole('dialog', { name: 'Reset Password' });
    await forgot.getByLabel('Email').fill(user);
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await forgot.getByText(AUTH_MESSAGES.resetCodeSentIfAccount).waitFor();
    const code = await suite.inbox.nextCode(user);
    await forgot.getByLabel('Verification Code').fill(code);
    await forgot.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await forgot.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await forgot.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL(`${suite.server.url}/dashboard`);
    await signedInDashboard(page, user);
  });

  it('sends a USER who opens /admin back to /', async () => {
    const page = await suite.open('/admin');
    await signIn(page, user, NEW_PASSWORD);
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('button', { name: 'Dashboard' }).waitFor();
  });

  it('gives an ADMIN_EMAILS address to its mailbox, never to a sign-up before or after it', async () => {
    const attackerSignUp = () =>
      api(suite.server, '/api/auth/sign-up/email', {
        body: { email: ADMIN, password: ATTACKER_PASSWORD },
      });
    // Someone signs up with the admin's address before its owner: the code goes to the owner.
    await attackerSignUp();
    await suite.inbox.nextCode(ADMIN);
    const page = await suite.open('/dashboard');
    const verify = await startRegistration(page, ADMIN);
    const ownerCode = await suite.inbox.nextCode(ADMIN);
    // ... and again right after, so the newest mail is his; the owner types that one first.
    await attackerSignUp();
    const attackerCode = await suite.inbox.nextCode(ADMIN);
    await verify.getByLabel('Verification Code').fill(attackerCode);
    await verify.getByRole('button', { name: 'Verify Email' }).click();
    await verify.getByText(AUTH_MESSAGES.invalidCode).waitFor();
    await verify.getByLabel('Verification Code').fill(ownerCode);
    await verify.getByRole('button', { name: 'Verify Email' }).click();
    await verify.getByText(AUTH_MESSAGES.verifiedAndSignedIn).waitFor();
    await signedInDashboard(page, ADMIN);

    const attackerSignIn = await fetch(`${suite.server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: suite.server.url },
      body: JSON.stringify({ email: ADMIN, password: ATTACKER_PASSWORD }),
    });
    expect(await attackerSignIn.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('heading', { name: 'Vehicle Records Admin Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
  });
});

/**
 * A sign-in sent from another loopback address than the browser's (127.0.0.1): the server tells
 * clients apart by address. Answers the status.
 */
function signInFrom(localAddress: string, email: string, password: string): Promise<number> {
  const url = new URL('/api/auth/sign-in/email', suite.server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ email, password }));
  });
}

describe('sign-in under attack', () => {
  it('lets the owner in through the dialog with the mailed code while another address guesses', async () => {
    const owner = 'owner@example.com';
    await createAccount(suite.server, suite.inbox, owner, PASSWORD);
    for (let i = 0; i < 5; i += 1) {
      expect(await signInFrom('127.0.0.2', owner, 'Wr0ng!guess')).toBe(401);
    }
    const page = await suite.open('/dashboard');
    await signIn(page, owner, PASSWORD);
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await dialog.getByText(AUTH_MESSAGES.signInCodeRequired).waitFor();
    await dialog.getByLabel('Verification Code').fill(await suite.inbox.nextCode(owner));
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await signedInDashboard(page, owner);
  });
});

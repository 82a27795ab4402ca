import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, buyCredits, createAccount } from '../support/accounts.ts';
import { COMPILED_CLI } from '../../apps/server/test/support/compiled.ts';
import { DESKTOP, MOBILE } from '../support/browser.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { useBrowserSuite } from '../support/suite.ts';

const ACCORD_VIN = '1HGCM82633A004352';
const ROOT = resolve(import.meta.dirname, '../..');

const suite = useBrowserSuite();

/** A mail's text with quoted-printable soft line breaks and folded headers undone. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

/** The operator's CLI (compiled, as the build makes it) on the running server's DATA_DIR. */
function cli(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [...COMPILED_CLI, ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
          DATA_DIR: suite.server.dataDir,
        },
        timeout: 120_000,
      },
      (err, stdout) =>
        done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout }),
    );
  });
}

/** `recalls watch-now`, again while the server's own scheduled pass holds the lease. */
async function watchNow(): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const run = await cli(['recalls', 'watch-now']);
    if (run.code === 0) return run.out;
    if (attempt === 10) throw new Error(`watch-now failed: ${run.out}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Waits for the pass a new server runs at start (no pass ran before): after it, the passes that
 * check this spec's vehicle are the ones it runs, so it knows which pass finds what.
 */
async function firstScheduledPassDone(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const jobs = await cli(['jobs']);
    if (/^recall-watch: .*completed/m.test(jobs.out)) return;
    if (attempt === 120)
      throw new Error(`the server's first recall watch pass never ran:\n${jobs.out}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function openRecallAlerts(page: Page, mobile: boolean) {
  if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('button', { name: 'Recall Alerts' })
    .click();
  await page.getByRole('heading', { name: 'Recall Alerts' }).waitFor();
}

describe('recall watch', () => {
  it('alerts the customer of a campaign published after their report, shows it on the dashboard, and turns watching off', async () => {
    await firstScheduledPassDone();
    const account = await createAccount(suite.server, suite.inbox, 'watcher@example.com');
    expect(await buyCredits(suite.server, account.token)).toBe('succeeded');
    await api(suite.server, '/api/api/report-orders', {
      token: account.token,
      body: { vin: ACCORD_VIN },
    });
    await suite.inbox.nextMatching(account.email, /report is ready/);

    // The first pass records the report's recalls: nothing to tell.
    expect(await watchNow()).toContain(
      '1 vehicle checked, 2 provider calls, 0 new campaigns, 0 alert mails queued',
    );
    const published = await cli([
      'recalls',
      'publish-sample',
      'honda',
      'accord',
      '2003',
      '--park-it',
    ]);
    expect(published.code).toBe(0);
    const campaign = /campaign (\d{2}V98\d{4})/.exec(published.out)![1]!;
    expect(await watchNow()).toContain(
      '1 vehicle checked, 2 provider calls, 1 new campaign, 1 alert mail queued',
    );

    const alert = unfolded(
      (await suite.inbox.nextMatching(account.email, /new safety recall/)).raw,
    );
    expect(alert).toContain(campaign);
    expect(alert).toContain('SANDBOX');
    expect(alert).toContain('https://www.nhtsa.gov/recalls');
    expect(alert).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
    const unsubscribe = /List-Unsubscribe: <([^>]+)>/i.exec(alert)![1]!;

    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await suite.signedIn(account, '/dashboard', viewport);
      await openRecallAlerts(page, viewport === MOBILE);
      await page.getByText(/Watching for recalls until/).waitFor();
      await page.getByText(campaign).waitFor();
      await page.getByText(/Do not drive/).waitFor();
      await page.getByText(/SANDBOX: the recalls shown here are invented samples/).waitFor();
      await saveScreenshot(page, 'recall-alerts');
    }

    // Off and on again from the dashboard.
    const page = await suite.signedIn(account, '/dashboard');
    await openRecallAlerts(page, false);
    await page.getByRole('button', { name: /^Turn off recall alerts/ }).click();
    await page.getByText('Recall alerts are off for this vehicle', { exact: true }).waitFor();
    await saveScreenshot(page, 'recall-alerts-off');
    await page.getByRole('button', { name: /^Turn on recall alerts/ }).click();
    await page.getByText(/Watching for recalls until/).waitFor();

    // The mail's link, signed out: the page asks; its button turns the alerts off.
    for (const viewport of [MOBILE, DESKTOP]) {
      const visitor = await suite.newPage(viewport);
      const res = await visitor.goto(unsubscribe);
      expect(res?.status()).toBe(200);
      await visitor.getByRole('heading', { name: 'Stop recall alerts?' }).waitFor();
      await saveScreenshot(visitor, 'recall-unsubscribe');
    }
    const visitor = await suite.newPage();
    await visitor.goto(unsubscribe);
    await visitor.getByRole('button', { name: 'Stop recall alerts' }).click();
    await visitor.getByRole('heading', { name: 'Recall alerts stopped' }).waitFor();
    const watches = await api<{ vehicles: { state: string }[] }>(
      suite.server,
      '/api/api/recalls/watches',
      { token: account.token },
    );
    expect(watches.vehicles.map((v) => v.state)).toEqual(['off']);
  });
});

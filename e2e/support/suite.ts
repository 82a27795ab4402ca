import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signInInBrowser, type Account } from './accounts.ts';
import { DESKTOP, launchBrowser } from './browser.ts';
import { Inbox } from './inbox.ts';
import { startServer, type RunningServer } from './server.ts';

export type Viewport = { width: number; height: number };

/** What a spec file shares: one server (with an inbox for its mail) and one browser. */
export interface BrowserSuite {
  readonly server: RunningServer;
  readonly inbox: Inbox;
  readonly browser: Browser;
  /** A page in a context of its own, closed after the test. */
  newPage(viewport?: Viewport): Promise<Page>;
  /** A new page at `path`, signed out. */
  open(path: string, viewport?: Viewport): Promise<Page>;
  /** A new page at `path`, signed in as `account` through the dialog the path shows. */
  signedIn(account: Account, path: string, viewport?: Viewport): Promise<Page>;
  /** Stops the server but keeps its DATA_DIR (removed when the suite ends); returns it. */
  stopServerKeepingData(): Promise<string>;
  /** Starts a server in place of the stopped one, with `env` added (e.g. its DATA_DIR). */
  startServerAgain(env: Record<string, string>): Promise<void>;
}

/**
 * Registers the spec file's hooks: before all, an inbox, the server (its SMTP_URL the inbox,
 * plus `env`) and the browser; after each test, the contexts it opened are closed; after all,
 * everything stops. Use the returned object's members inside hooks and tests.
 */
export function useBrowserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let inbox: Inbox | undefined;
  const contexts: BrowserContext[] = [];
  const keptDirs: string[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite's ${what} is not started yet`);
    return value;
  };

  beforeAll(async () => {
    inbox = new Inbox();
    await inbox.start();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: inbox.url, ...env }),
      launchBrowser(),
    ]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
    for (const dir of keptDirs) rmSync(dir, { recursive: true, force: true });
  });

  const suite: BrowserSuite = {
    get server() {
      return ready(server, 'server');
    },
    get inbox() {
      return ready(inbox, 'inbox');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    async newPage(viewport = DESKTOP) {
      const context = await suite.browser.newContext({ viewport });
      contexts.push(context);
      return context.newPage();
    },
    async open(path, viewport) {
      const page = await suite.newPage(viewport);
      await page.goto(`${suite.server.url}${path}`);
      return page;
    },
    async signedIn(account, path, viewport) {
      const page = await suite.newPage(viewport);
      await signInInBrowser(page, suite.server, path, account);
      return page;
    },
    async stopServerKeepingData() {
      const { dataDir } = suite.server;
      await suite.server.stop({ keepData: true });
      keptDirs.push(dataDir);
      return dataDir;
    },
    async startServerAgain(extra) {
      server = await startServer({ SMTP_URL: suite.inbox.url, ...env, ...extra });
    },
  };
  return suite;
}

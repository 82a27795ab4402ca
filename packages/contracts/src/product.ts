/*
 * Product-wide defaults and texts several pages must say identically; free of zod so that any
 * page can use them cheaply.
 */

/** Where every product endpoint lives (docs/*-api.md): the server mounts them there, the web calls them there. */
export const API_PREFIX = '/api/api';

/** Where the account endpoints live (docs/auth-api.md): sign-up, sign-in, codes, sign-out. */
export const AUTH_PREFIX = '/api/auth';

/** Defaults of PRODUCT_NAME and CONTACT_EMAIL (README.md); server and web agree on them. */
export const DEFAULT_PRODUCT_NAME = 'Vehicle Records';
export const DEFAULT_CONTACT_EMAIL = 'support@localhost';

/**
 * Credits never expire (docs/product-rules.md#credits-never-expire). The terms, the landing
 * pricing and the dashboard all show this sentence.
 */
export const CREDITS_NEVER_EXPIRE = 'Credits never expire.';

/**
 * What a history report holds, in the order the report prints it (docs/product-rules.md#what-a-report-holds).
 * Only what its sources carry: title records carry no owner count and no service visits, so the
 * pages promise neither.
 */
export const REPORT_CONTENTS = [
  'Title history and transfers',
  'Title brands (salvage, rebuilt, flood, lemon, ...)',
  'Odometer readings and rollback checks',
  'Junk, salvage and insurance loss records',
  'Theft and recovery records',
  'Liens',
  'Salvage auctions and past sale listings',
  'Safety recalls for the model',
] as const;

/** The public sample report (GET, no token): a real report of a sandbox demo vehicle. */
export const SAMPLE_REPORT_PATH = '/api/api/sample-report';

/** The same in one sentence, for the landing page's lead texts. */
export const REPORT_CONTENTS_SENTENCE =
  'title history and brands, odometer readings, junk, salvage and insurance records, thefts, liens, past sales and safety recalls';

/**
 * The terms' refunds (docs/product-rules.md#refunds); the terms and every report print them. A
 * used credit comes back when a report is late or fails, and when we find a report wrong (an
 * admin's answer to "Report a problem", docs/product-rules.md#problems-with-a-report).
 */
export const USED_CREDITS_REFUNDS =
  'A used credit is not refunded, except that it comes back when we find its report wrong: use "Report a problem" on the report and we answer by e-mail.';
export const REPORT_REFUND_PROMISE =
  'If report generation fails with an error, or your report is delayed beyond the promised delivery time, you receive a full refund: the credit is returned to your account automatically and we let you know by e-mail.';

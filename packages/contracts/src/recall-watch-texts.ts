/**
 * Recall watch: its terms and texts. No zod here: the landing page's first paint shows the
 * promise without the schemas (decision 0015).
 */

/** A vehicle is watched for new recalls this long after its latest order (product-rules.md). */
export const RECALL_WATCH_YEARS = 3;

/** A customer gets at most one recall alert mail in this many hours. */
export const RECALL_ALERT_EVERY_HOURS = 24;

/** Where a customer checks, with the VIN, whether their own car's recall is still open. */
export const NHTSA_RECALL_LOOKUP_URL = 'https://www.nhtsa.gov/recalls';

/** The one-click unsubscribe path of the alert mails (RFC 8058); the token is a credential. */
export const RECALL_UNSUBSCRIBE_PATH = '/recalls/unsubscribe';

/** What the landing page promises after the sale (docs/product-rules.md#recall-watch). */
export const RECALL_WATCH_PROMISE = `For ${RECALL_WATCH_YEARS} years after your order we watch the vehicle and e-mail you when NHTSA publishes a new safety recall for it.`;

/** The date a watch runs until, from an order's time (the same calendar day, 3 years on). */
export function recallWatchEnd(orderedAt: Date): Date {
  const end = new Date(orderedAt);
  end.setUTCFullYear(end.getUTCFullYear() + RECALL_WATCH_YEARS);
  return end;
}

export const RECALL_WATCH_TEXTS = {
  title: 'Recall Alerts',
  intro:
    'We watch every vehicle you ordered a report for and e-mail you when NHTSA publishes a new safety recall for its make, model and year.',
  watchingUntil: (date: string) => `Watching for recalls until ${date}`,
  off: 'Recall alerts are off for this vehicle',
  ended: (date: string) => `Recall watch ended on ${date}`,
  turnOff: 'Turn off',
  turnOn: 'Turn on',
  none: 'No new recalls since the report.',
  found: 'Recalls found since the report',
  empty: 'Vehicles you order a report for are watched here for new recalls.',
  checkOwn:
    'A recall list is by model: check with the VIN at nhtsa.gov/recalls whether yours is still open.',
  parkIt: 'Do not drive: NHTSA advises parking it until it is repaired.',
  parkOutside: 'Park outside: NHTSA advises parking it away from buildings (fire risk).',
  sandbox: 'SANDBOX: the recalls shown here are invented samples, not NHTSA data.',
  turnedOn: 'Recall alerts are on for this vehicle.',
  turnedOff: 'Recall alerts are off for this vehicle.',
} as const;

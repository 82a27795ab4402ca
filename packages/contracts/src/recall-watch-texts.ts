/**
 * Recall watch: its limits and what the landing page promises. No zod here, so the first page
 * load can use them without the schemas (decision 0015).
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

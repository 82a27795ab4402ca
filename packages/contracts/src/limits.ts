/** Business constants (docs/product-rules.md); every consumer imports them from here. */
export const REPORT_COST_CREDITS = 1;
export const PLATE_MAX_LENGTH = 10;
export const DECODE_BATCH_MAX = 50;
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * Bounds of the integers a client sends, well inside the 32-bit columns that hold them
 * (docs/admin-api.md): a balance an admin sets, and how far a paged list can be read.
 */
export const ADMIN_CREDIT_MAX = 1_000_000;
export const PAGE_MAX = 1_000_000;
export const PAGE_SIZE_MAX = 100;

/**
 * The plate provider is paid per call (docs/limits.md, "Plate searches"); the hourly search
 * quotas are the server's PLATE_SEARCHES_PER_USER_HOUR and PLATE_SEARCHES_PER_IP_HOUR.
 */
export const PLATE_LIMITS = {
  /** The public health check asks the provider at most this often (per instance). */
  healthCheckEverySeconds: 60,
} as const;

/**
 * Downloads of the public sample report per client address a minute, per instance: the PDF is
 * served from memory, so the budget only bounds the bytes one address can pull (docs/limits.md).
 */
export const SAMPLE_REPORT_RATE_PER_MINUTE = 20;

/**
 * Requests to a recall alert's unsubscribe link per client address a minute, per instance: a
 * forged link is refused by its signature before the database is asked, so the budget only bounds
 * how often one address makes a real link's lookup (docs/limits.md).
 */
export const RECALL_UNSUBSCRIBE_RATE_PER_MINUTE = 30;

export const TIMINGS = {
  toastDefaultMs: 3000,
  toastFadeMs: 300,
  addCardToastMs: 4000,
  addCardCloseMs: 1500,
  redirectAfterSuccessMs: 1000,
  backToSigninMs: 2000,
  resetStepMs: 2000,
  backToRegisterMs: 3000,
  errorDisplayMs: 5000,
  autoOrderMs: 1000,
  pendingPlateSearchMs: 500,
  adminRecheckMs: 100,
} as const;

/*
 * Product-wide defaults and texts several pages must say identically; free of zod so that any
 * page can use them cheaply.
 */

/** Defaults of PRODUCT_NAME and CONTACT_EMAIL (README.md); server and web agree on them. */
export const DEFAULT_PRODUCT_NAME = 'Vehicle Records';
export const DEFAULT_CONTACT_EMAIL = 'support@localhost';

/**
 * Credits never expire (docs/product-rules.md#credits-never-expire). The terms, the landing
 * pricing and the dashboard all show this sentence.
 */
export const CREDITS_NEVER_EXPIRE = 'Credits never expire.';

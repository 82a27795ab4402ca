import { z } from 'zod';
import { AUTH_ERROR_CODES } from './auth-texts.ts';

/**
 * Every error answer of the API, whatever the route: `message` is the text to show; `code` says
 * what happened where a client acts on it (the auth dialog's transitions, bad input); `field`
 * names the input the message belongs to; a 429 may say when to retry.
 */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(AUTH_ERROR_CODES).optional(),
  /** The input field the message belongs to (dotted for nested ones: `billingDetails.name`). */
  field: z.string().optional(),
  /** On 429: seconds until a retry can succeed (also in the Retry-After header). */
  retryAfterSeconds: z.number().int().optional(),
  /** Only on POST /api/api/register, whose clients read it as `error` (docs/auth-api.md). */
  error: z.string().optional(),
  /** On a 5xx: the request's id (also in X-Request-Id), for the customer to quote to support. */
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

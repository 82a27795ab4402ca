import type { AuthErrorCode } from '@vr/contracts';

/** What an error answer says besides its message (contracts' errorResponseSchema). */
export interface ErrorDetails {
  code?: AuthErrorCode;
  field?: string;
  retryAfterSeconds?: number;
}

/**
 * The failures services throw; the one error handler (error-handler.ts) turns each into its
 * answer, so no route writes an error body.
 */

/** An error whose message is meant for the client, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: ErrorDetails = {},
    /** Headers the answer carries besides the error handler's (an ended session's cookies). */
    readonly headers: Readonly<Record<string, string | readonly string[]>> = {},
  ) {
    super(message);
  }
}

/** A budget is spent: 429 with `Retry-After`, the seconds also in the body. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, { retryAfterSeconds });
  }
}

/**
 * The caller already has an order that a new one would repeat: 409 `{ message, orderId }`,
 * naming that order, with nothing charged.
 */
export class ExistingOrderError extends Error {
  constructor(
    message: string,
    readonly orderId: string,
  ) {
    super(message);
  }
}

/**
 * A provider we asked for the answer failed: 504 when it did not answer in time, 502 otherwise.
 * `answer` holds the fields the route's failure answer carries besides `message` (the plate
 * search answers in its own shape), in the order they are sent.
 */
export class ProviderFailedError extends Error {
  constructor(
    readonly kind: 'timeout' | 'failed',
    message: string,
    readonly answer: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

import type { AuthErrorCode } from '@vr/contracts';

/** What an error answer says besides its message (contracts' errorResponseSchema). */
export interface ErrorDetails {
  code?: AuthErrorCode;
  field?: string;
  retryAfterSeconds?: number;
}

/** An error whose message is meant for the client, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: ErrorDetails = {},
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

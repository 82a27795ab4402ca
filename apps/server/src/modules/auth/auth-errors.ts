import type { AuthErrorCode } from '@vr/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.ts';

/** An auth failure: the HTTP status, the contract's `code`, and the text to show. */
export class AuthError extends HttpError {
  constructor(
    statusCode: number,
    code: AuthErrorCode,
    message: string,
    extra: { field?: string; retryAfterSeconds?: number } = {},
    headers: Readonly<Record<string, string | readonly string[]>> = {},
  ) {
    super(statusCode, message, { code, ...extra }, headers);
  }
}

/** A cookie-carrying request whose Origin (or Referer) is not one of the app's. */
export function foreignOriginError(): AuthError {
  return new AuthError(403, 'FORBIDDEN', 'This request must come from the web app.');
}

/**
 * The auth endpoints take JSON only: a form or text post (which a foreign page could send without
 * a preflight) is refused with 415 before anything else.
 */
export function requireJsonBodies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'];
    if (type === undefined || /^application\/json\s*(;|$)/i.test(type)) return;
    throw new AuthError(
      415,
      'INVALID_INPUT',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  });
}

import { AUTH_MESSAGES, type AuthErrorCode, type AuthErrorResponse } from '@vr/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors.ts';
import { InvalidFieldError } from '../../lib/storable-text.ts';

/** An auth failure: the HTTP status, the contract's `code`, and the text to show. */
export class AuthError extends HttpError {
  constructor(
    statusCode: number,
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(statusCode, message);
  }
}

/** A cookie-carrying request whose Origin (or Referer) is not one of the app's. */
export function foreignOriginError(): AuthError {
  return new AuthError(403, 'FORBIDDEN', 'This request must come from the web app.');
}

const CODE_OF_MESSAGE: Partial<Record<string, AuthErrorCode>> = {
  [AUTH_MESSAGES.passwordPolicy]: 'PASSWORD_POLICY',
  [AUTH_MESSAGES.invalidEmail]: 'INVALID_EMAIL',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error answers of the route also carry `error` (the spec's client reads that field). */
    errorField?: boolean;
  }
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

/**
 * The error answers of the auth and users routes: `{ message, code, field?, retryAfterSeconds? }`
 * (contracts' authErrorResponseSchema). Bad input is 400 with the first problem's own text;
 * nothing a client sends produces a 5xx.
 */
export function registerAuthErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) request.log.error({ err: error }, 'auth request failed');
    if (body.payload.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(body.payload.retryAfterSeconds));
    }
    const payload: AuthErrorResponse = request.routeOptions.config?.errorField
      ? { ...body.payload, error: body.payload.message }
      : body.payload;
    return sendError(reply, body.status, payload);
  });
}

function sendError(reply: FastifyReply, status: number, payload: AuthErrorResponse) {
  return reply.status(status).send(payload);
}

function toErrorBody(error: FastifyError): { status: number; payload: AuthErrorResponse } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    if (!first || field === '') {
      const what = error.validationContext === 'querystring' ? 'query' : 'body';
      return {
        status: 400,
        payload: { code: 'INVALID_INPUT', message: `The request ${what} must be a JSON object.` },
      };
    }
    const message = first.message ?? 'Invalid value';
    return {
      status: 400,
      payload: { code: CODE_OF_MESSAGE[message] ?? 'INVALID_INPUT', message, field },
    };
  }
  if (error instanceof InvalidFieldError) {
    return {
      status: error.statusCode,
      payload: { code: 'INVALID_INPUT', message: error.message, field: error.field },
    };
  }
  if (error instanceof AuthError) {
    return {
      status: error.statusCode,
      payload: { code: error.code, message: error.message, ...error.extra },
    };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, payload: { message: error.message } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      payload: { code: status === 400 ? 'INVALID_INPUT' : 'AUTH_FAILED', message: error.message },
    };
  }
  return { status: 500, payload: { code: 'AUTH_FAILED', message: AUTH_MESSAGES.genericFailure } };
}

import { AUTH_MESSAGES, type AuthErrorCode, type ErrorResponse } from '@vr/contracts';
import type { FastifyContextConfig, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionWaitTimeout } from '../db/errors.ts';
import { answerOverloaded } from '../lib/load-shedding.ts';
import { ExistingOrderError, HttpError, ProviderFailedError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's validation messages leave the field's name out: the web app's form shows them
     * beside the field that `field` names (the auth and users routes).
     */
    formErrors?: boolean;
    /** Error answers also carry `error`, which register's clients read (docs/auth-api.md). */
    errorField?: boolean;
    /** Fields every error answer of the route also carries (a route with its own error shape). */
    errorExtras?: Record<string, unknown>;
  }
}

const CODE_OF_MESSAGE: Partial<Record<string, AuthErrorCode>> = {
  [AUTH_MESSAGES.passwordPolicy]: 'PASSWORD_POLICY',
  [AUTH_MESSAGES.invalidEmail]: 'INVALID_EMAIL',
};

/** An expected failure: the status, the body and the extra headers the client gets. */
export interface ErrorAnswer {
  status: number;
  /** The error shape, or, for a route with its own failure answer, that answer's fields. */
  body: ErrorResponse & Record<string, unknown>;
  headers?: Readonly<Record<string, string | readonly string[]>>;
}

/** The first problem schema validation found: 400 naming its field. */
function validationAnswer(
  error: FastifyError,
  config: FastifyContextConfig | undefined,
): ErrorAnswer | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const first = error.validation[0];
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
  const text = first?.message ?? 'Invalid request';
  if (field === '') {
    // The whole body (or query) has the wrong type: there is no field to name.
    const what = error.validationContext === 'querystring' ? 'query' : 'body';
    const message = config?.formErrors ? `The request ${what} must be a JSON object.` : text;
    return { status: 400, body: { code: 'INVALID_INPUT', message } };
  }
  return {
    status: 400,
    body: {
      code: CODE_OF_MESSAGE[text] ?? 'INVALID_INPUT',
      message: config?.formErrors ? text : `${field}: ${text}`,
      field,
    },
  };
}

/**
 * The answer to an expected failure: schema validation, a domain error of errors.ts (an
 * HttpError with the status, details and headers its thrower chose; the 409 naming the caller's
 * existing order; a failed provider's 504 or 502), or a 4xx a body parser or a multipart limit
 * set itself (FST_ERR_CTP_*, FST_FILES_LIMIT, ...); null for anything else, which is a fault of
 * the server.
 */
export function errorAnswerOf(
  error: FastifyError,
  config?: FastifyContextConfig,
): ErrorAnswer | null {
  const invalid = validationAnswer(error, config);
  if (invalid) return invalid;
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { message: error.message, ...error.details },
      headers: error.headers,
    };
  }
  if (error instanceof ExistingOrderError) {
    return { status: 409, body: { message: error.message, orderId: error.orderId } };
  }
  if (error instanceof ProviderFailedError) {
    return {
      status: error.kind === 'timeout' ? 504 : 502,
      body: { ...error.answer, message: error.message },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { message: error.message, ...(status === 400 ? { code: 'INVALID_INPUT' } : {}) },
    };
  }
  return null;
}

/**
 * The one error handler: every failure, on every route, leaves as JSON
 * `{ message, code?, field?, retryAfterSeconds?, requestId? }` (contracts' errorResponseSchema). Client
 * mistakes keep their 4xx; a 429 also sends `Retry-After`; a pooled connection that did not come
 * within REQUEST_TIMEOUT_MS is a 503 (the instance is overloaded); anything else is logged and
 * answered 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const config = request.routeOptions.config;
    const known = errorAnswerOf(error, config);
    if (!known && isConnectionWaitTimeout(error)) return answerOverloaded(reply);
    if (!known) request.log.error({ err: error }, 'request failed');
    const { status, body, headers } = known ?? {
      status: 500,
      body: { message: AUTH_MESSAGES.genericFailure },
    };
    for (const [name, value] of Object.entries(headers ?? {})) void reply.header(name, value);
    if (body.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(body.retryAfterSeconds));
    }
    return reply.status(status).send({
      ...config?.errorExtras,
      ...body,
      ...(config?.errorField ? { error: body.message } : {}),
      // A customer quotes it to support, who finds the request's log lines by it.
      ...(status >= 500 ? { requestId: request.id } : {}),
    });
  });
}

/**
 * Marks every route the plugin `app` registers from now on as a form's (`formErrors`): their
 * validation messages are shown beside the field, so they do not repeat its name.
 */
export function answerValidationAsForms(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, formErrors: true };
  });
}

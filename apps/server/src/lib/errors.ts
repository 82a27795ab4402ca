import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@vr/contracts';
import { isConnectionWaitTimeout } from '../db/errors.ts';
import { answerOverloaded } from './load-shedding.ts';

/** An error whose message is meant for the client, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
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
    super(429, message);
  }
}

/** What a client is told about an expected failure: the status and the text. */
export interface KnownError {
  status: number;
  message: string;
  retryAfterSeconds?: number;
}

/**
 * The answer to an expected failure: schema validation, an HttpError (with the status its thrower
 * chose, 502 for a failed provider), or a 4xx a body parser or a multipart limit set itself
 * (FST_ERR_CTP_*, FST_FILES_LIMIT, ...); null for anything else, which is a fault of the server.
 */
export function knownErrorOf(error: FastifyError): KnownError | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const detail = first ? `${path ? `${path}: ` : ''}${first.message}` : 'Invalid request';
    return { status: 400, message: detail };
  }
  if (error instanceof TooManyRequestsError) {
    return { status: 429, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: error.message };
  return null;
}

/**
 * Every failure leaves as JSON `{ message }` (a 429 adds `retryAfterSeconds` and `Retry-After`);
 * client mistakes keep their 4xx, anything unexpected is logged and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownErrorOf(error);
    if (known?.retryAfterSeconds !== undefined) {
      const { message, retryAfterSeconds } = known;
      void reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(known.status).send({ message, retryAfterSeconds });
    }
    if (known) return reply.status(known.status).send({ message: known.message });
    // Every pooled connection stayed busy for REQUEST_TIMEOUT_MS: the instance is overloaded.
    if (isConnectionWaitTimeout(error)) return answerOverloaded(reply);
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: API_MESSAGES.internal });
  });
}

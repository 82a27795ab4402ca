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

/**
 * Every failure leaves as JSON `{ message }`; client mistakes keep their 4xx, anything unexpected
 * is logged and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const detail = first ? `${path ? `${path}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send({ message: detail });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    // Every pooled connection stayed busy for REQUEST_TIMEOUT_MS: the instance is overloaded.
    if (isConnectionWaitTimeout(error)) return answerOverloaded(reply);
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: API_MESSAGES.internal });
  });
}

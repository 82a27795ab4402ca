import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@vr/contracts';

/** An error whose message is meant for the client, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a client is told about an expected failure: the status and the text. */
export interface KnownError {
  status: number;
  message: string;
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
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: error.message };
  return null;
}

/**
 * Every failure leaves as JSON `{ message }`; client mistakes keep their 4xx, anything unexpected
 * is logged and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownErrorOf(error);
    if (known) return reply.status(known.status).send({ message: known.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: API_MESSAGES.internal });
  });
}

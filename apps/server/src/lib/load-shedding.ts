import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_MESSAGES, API_PREFIX } from '@vr/contracts';
import { requestsShed } from './metrics.ts';
import { routedPath } from './routed-path.ts';

/** What a client is told to wait before trying again when an instance sheds load. */
export const SHED_RETRY_AFTER_SECONDS = 1;

export function answerOverloaded(reply: FastifyReply): FastifyReply {
  requestsShed.inc();
  return reply
    .status(503)
    .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
    .send({ message: API_MESSAGES.overloaded, requestId: reply.request.id });
}

/**
 * Sheds load before any work: when more than `queueMax` queries already wait for a database
 * connection, an API request is answered 503 with Retry-After at once instead of joining a queue
 * it would leave by timing out (DATABASE_QUEUE_MAX).
 */
export function registerLoadShedding(
  app: FastifyInstance,
  deps: { waitingForConnection(): number; queueMax: number },
): void {
  const apiPaths = `${API_PREFIX}/`;
  // The count first: it is a number, the path is a string to work out, on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (deps.waitingForConnection() >= deps.queueMax && routedPath(request).startsWith(apiPaths)) {
      answerOverloaded(reply);
      return;
    }
    done();
  });
}

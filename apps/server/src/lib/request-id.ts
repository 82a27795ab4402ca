import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ProxyTrust } from '../trust-proxy.ts';
import { RequestLogController } from './request-log.ts';

/** A request id a proxy may hand on: short, and nothing a log line or header could trip on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The request a piece of work belongs to: set for each request, and for each job a request
 * queued (`inJob`), whose log lines then carry the id (the logger's mixin).
 */
const context = new AsyncLocalStorage<{ requestId: string; inJob: boolean }>();

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** Runs a job's handler as part of the request that queued it. */
export function runInJobOf<T>(requestId: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!requestId) return work();
  return context.run({ requestId, inJob: true }, work);
}

/** The logger's mixin: a job's lines name its request (a request's own lines already do). */
export function jobRequestIdMixin(): object {
  const store = context.getStore();
  return store?.inJob ? { requestId: store.requestId } : {};
}

/**
 * Fastify's request id options: a trusted proxy's X-Request-Id when it is a sane token, else a
 * new UUID; logged as `requestId` on every line of the request.
 */
export function requestIdOptions(trust: ProxyTrust) {
  // The socket's peer is the first hop back.
  const trusted = (address: string) => trust !== false && trust(address, 0);
  return {
    logController: new RequestLogController({ requestIdLogLabel: 'requestId' }),
    requestIdHeader: false as const,
    genReqId(raw: IncomingMessage): string {
      const given = raw.headers[REQUEST_ID_HEADER];
      const address = raw.socket?.remoteAddress;
      if (typeof given === 'string' && SANE_REQUEST_ID.test(given) && address && trusted(address)) {
        return given;
      }
      return randomUUID();
    },
  };
}

/**
 * Returns the id on every answer (registered first, so errors and shed requests carry it too)
 * and makes it the context of the work the request does.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    context.run({ requestId: request.id, inJob: false }, done);
  });
}

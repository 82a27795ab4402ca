import { API_MESSAGES } from '@vr/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';

/**
 * PostgreSQL refuses NUL in text and cannot encode a lone UTF-16 surrogate as UTF-8; a string
 * holding either would fail as a 500 wherever it reached the database, so it is refused as input.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The dotted path (`a.b.0.c`) of the first string, or object key, in `value` that PostgreSQL
 * cannot store, `whole` when `value` itself is such a string; null when there is none.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, whole: string): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (unstorable(node)) return path || whole;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        if (unstorable(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Throws the 400 that names the field when `value` holds text PostgreSQL cannot store. */
export function assertStorableText(value: unknown, whole: string): void {
  const field = findUnstorableText(value, whole);
  if (field !== null) {
    throw new HttpError(400, API_MESSAGES.unstorableText(field), { code: 'INVALID_INPUT', field });
  }
}

/**
 * Checks every route's path parameters, querystring and parsed body before validation, whether
 * or not the route has a schema. Added to the root instance before any route is registered, so
 * every route, the auth ones included, inherits it.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  // A callback, not a promise: it runs on every request and never waits.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertStorableText(request.params, 'params');
      assertStorableText(request.query, 'query');
      assertStorableText(request.body, 'body');
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

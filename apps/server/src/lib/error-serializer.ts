import { DrizzleQueryError } from 'drizzle-orm';
import { err as serializeError } from 'pino-std-serializers';
import { redactUrlCredentials } from './url-credentials.ts';

type Serialized = ReturnType<typeof serializeError>;

/** `error` with its own properties, message and stack (not enumerable) included, but `omit`. */
function copyOf(error: Error, omit: string, message = error.message): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const [key, value] of Object.entries(error)) {
    if (key !== omit) (copy as unknown as Record<string, unknown>)[key] = value;
  }
  Object.defineProperty(copy, 'message', { value: message });
  Object.defineProperty(copy, 'stack', { value: error.stack?.replace(error.message, message) });
  return copy;
}

/**
 * A failed query's parameters are the user's data (amounts, ids, e-mail addresses): Drizzle puts
 * them in `params` and in its message, and PostgreSQL's `detail` repeats a refused row's values.
 * The query text and the database's code and message say what went wrong without them. Causes
 * are cleaned too: the log shows their messages and stacks.
 */
function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 10) return error;
  const safe =
    error instanceof DrizzleQueryError
      ? copyOf(error, 'params', `Failed query: ${error.query}`)
      : copyOf(error, 'detail');
  if (error.cause !== undefined) {
    Object.defineProperty(safe, 'cause', { value: withoutQueryValues(error.cause, depth + 1) });
  }
  return safe;
}

/**
 * The logger's `err` serializer: pino's own, on an error stripped of query values, with the
 * credentials of any URL its message names (a provider's `key=`, a link's `sig=`) redacted.
 */
export function serializeErr(error: Error): Serialized {
  const serialized = serializeError(withoutQueryValues(error) as Error);
  // A thrown value need not be an Error: a message or stack may be missing.
  if (typeof serialized.message === 'string')
    serialized.message = redactUrlCredentials(serialized.message);
  if (typeof serialized.stack === 'string')
    serialized.stack = redactUrlCredentials(serialized.stack);
  return serialized;
}

import { errorResponseSchema } from '@vr/contracts';

/**
 * The response schemas of a route's error statuses, for its OpenAPI document: every error answers
 * in one shape (http/error-handler.ts), `{ message, code?, field?, retryAfterSeconds? }`.
 */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

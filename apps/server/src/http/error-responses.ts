import { authErrorResponseSchema } from '@vr/contracts';

/**
 * The response schemas of a route's error statuses, for its OpenAPI document: every error answers
 * in one shape, `{ message, code?, field?, retryAfterSeconds? }`.
 */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof authErrorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, authErrorResponseSchema])) as Record<
    S,
    typeof authErrorResponseSchema
  >;
}

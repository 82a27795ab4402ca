import type { FastifyRequest } from 'fastify';

/**
 * The path a request is routed by, in lower case: the router matches paths whatever their case
 * (vPIC's paths are case-insensitive), so a rule that looks at the raw URL would let
 * `/API/API/...` reach the same route while skipping the rule. Rules about paths compare this.
 */
export function routedPath(request: FastifyRequest): string {
  const url = request.routeOptions.url ?? request.url;
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)).toLowerCase();
}

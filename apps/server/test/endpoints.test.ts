import fastifySwagger from '@fastify/swagger';
import { API_PREFIX, AUTH_PREFIX, apiEndpoints, authEndpoints, type Endpoint } from '@vr/contracts';
import Fastify, { type HTTPMethods } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

/**
 * The web client is typed from contracts' endpoint declarations (packages/contracts/src/
 * endpoints.ts); these tests hold the server to them. The API document the server publishes must
 * describe each declared endpoint exactly as an app serving only the declaration describes it:
 * the same method and path, parameters, query, body and success answer, and a bearer token
 * required exactly when the declaration says so.
 */

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: unknown[];
}
type Document = { paths: Record<string, Record<string, Operation>> };

const DECLARED = [
  ...Object.entries(apiEndpoints).map(([key, e]) => ({ key, prefix: API_PREFIX, e })),
  ...Object.entries(authEndpoints).map(([key, e]) => ({ key, prefix: AUTH_PREFIX, e })),
].map(({ key, prefix, e }) => {
  const [method = '', path = ''] = key.split(' ');
  return { key, method, url: `${prefix}${path}`, endpoint: e as Endpoint };
});

/** `/a/:id` as the document writes it, `/a/{id}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The document of an app that serves nothing but the declarations, made as the server makes its own. */
async function declaredDocument(): Promise<Document> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'declared', version: '0' } },
    transform: jsonSchemaTransform,
  });
  for (const { method, url, endpoint } of DECLARED) {
    const { params, query, body, status, response } = endpoint;
    app.route({
      method: method as HTTPMethods,
      url,
      schema: {
        ...(params ? { params } : {}),
        ...(query ? { querystring: query } : {}),
        ...(body && body !== 'multipart' ? { body } : {}),
        response: { [status ?? 200]: response },
      },
      handler: () => null,
    });
  }
  await app.ready();
  const doc = app.swagger() as unknown as Document;
  await app.close();
  return doc;
}

/** What a declaration fixes of an operation; header parameters and error answers are the route's own. */
function declaredPart(operation: Operation, endpoint: Endpoint) {
  return {
    parameters: (operation.parameters ?? [])
      .filter((p) => p.in === 'path' || p.in === 'query')
      .sort((a, b) => `${a.in} ${a.name}`.localeCompare(`${b.in} ${b.name}`)),
    requestBody: endpoint.body === 'multipart' ? undefined : operation.requestBody,
    success: operation.responses?.[String(endpoint.status ?? 200)],
    bearer: (operation.security ?? []).length > 0,
  };
}

// The document does not depend on the database: PGlite serves it.
const [pglite] = testDatabases();

describe('the endpoints the web client is typed from', () => {
  let t: TestApp;
  let served: Document;
  let declared: Document;

  beforeAll(async () => {
    t = await createTestApp(pglite!);
    served = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    declared = await declaredDocument();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(DECLARED)('$key is served as declared', ({ method, url, endpoint }) => {
    const path = documentPath(url);
    const operation = served.paths[path]?.[method.toLowerCase()];
    expect(operation, `${method} ${path} is not in the API document`).toBeDefined();
    const expected = declared.paths[path]![method.toLowerCase()]!;
    expect(declaredPart(operation!, endpoint)).toEqual({
      ...declaredPart(expected, endpoint),
      bearer: endpoint.auth === true,
    });
  });
});

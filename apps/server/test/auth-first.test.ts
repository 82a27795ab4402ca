import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, freshEmail, type SignedIn } from './auth-support.ts';
import { freshIp } from './support/requests.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { routesOf, type OpenApiDocument, type Route } from './support/hostile-variants.ts';

/**
 * Authentication is decided before anything about the input: whatever a caller without the right
 * session sends, a protected route answers 401 (no token) or 403 (USER on an admin route), never
 * a validation error that would tell what the route accepts.
 */

type Operation = Route['operation'] & { security?: unknown[]; tags?: string[] };

interface BadInput {
  label: string;
  url: string;
  headers: Record<string, string>;
  payload: string;
}

/**
 * A path value no path schema of the app accepts (a NUL is never storable), within the router's
 * 100-character limit on a parameter, which answers before any route does.
 */
const INVALID_PARAM = encodeURIComponent(`x\u0000${'9'.repeat(80)}`);

/** Bad input for a route: a body that is not JSON, and a JSON body and parameters that break its schema. */
function badInputs(route: Route): BadInput[] {
  const path = route.path.replace(/\{[^}]+\}/g, INVALID_PARAM);
  const json = { 'content-type': 'application/json' };
  return [
    { label: 'malformed JSON', url: path, headers: json, payload: '{"a":' },
    {
      label: 'schema-violating body and parameters',
      url: `${path}?page=-1&size=abc&limit=-1&status=%00`,
      headers: json,
      payload: JSON.stringify([{ id: 1 }]),
    },
  ];
}

const isAdminRoute = (route: Route) => route.path.startsWith('/api/api/admin/');

describe.each(testDatabases())('authentication before validation on $name', (testDb) => {
  let t: TestApp;
  let user: SignedIn;
  let protectedRoutes: Route[];

  beforeAll(async () => {
    t = await createTestApp(testDb, { slaJob: false, env: { ADMIN_EMAILS: freshEmail('admin') } });
    user = await createVerifiedUser(t.app, t.database.db);
    protectedRoutes = routesOf(t.app.swagger() as unknown as OpenApiDocument).filter(
      (route) => ((route.operation as Operation).security ?? []).length > 0,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (route: Route, input: BadInput, token?: string) =>
    t.app.inject({
      method: route.method as 'POST',
      url: input.url,
      headers: {
        'x-forwarded-for': freshIp(),
        ...input.headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: input.payload,
    });

  const describeAnswer = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body}`;

  it('answers 401 to every bad input without a token, on every route that needs one', async () => {
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(30);
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      for (const input of badInputs(route)) {
        const res = await send(route, input);
        if (res.statusCode !== 401) {
          wrong.push(`${route.method} ${route.path} (${input.label}): ${describeAnswer(res)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to every bad input from a USER, on every admin route', async () => {
    const adminRoutes = protectedRoutes.filter(isAdminRoute);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      for (const input of badInputs(route)) {
        const res = await send(route, input, user.token);
        if (res.statusCode !== 403) {
          wrong.push(`${route.method} ${route.path} (${input.label}): ${describeAnswer(res)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still validates the input of a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/report-orders',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'x-forwarded-for': freshIp(),
      },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
  });
});

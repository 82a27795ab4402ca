import { API_MESSAGES, AUTH_MESSAGES } from '@vr/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerValidationAsForms, registerErrorHandler } from '../src/http/error-handler.ts';
import {
  ExistingOrderError,
  HttpError,
  ProviderFailedError,
  TooManyRequestsError,
} from '../src/http/errors.ts';

/** The one error handler on a bare app: every route fails in one shape. */
describe('the error handler', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const body = z.object({ name: z.string().min(2, 'Too short') });

  beforeAll(async () => {
    app = Fastify({ logger: { stream: { write: (line: string) => lines.push(line) } } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post('/api/thing', { schema: { body } }, async () => ({ ok: true }));
    api.get('/api/fault', async () => {
      throw new Error('password=hunter2 at /srv/secret.ts');
    });
    api.get('/api/busy', async () => {
      throw new Error('query failed', {
        cause: new Error('timeout exceeded when trying to connect'),
      });
    });
    api.get('/api/limited', async () => {
      throw new TooManyRequestsError('Slow down.', 42);
    });
    api.get('/api/gone', { config: { errorField: true } }, async () => {
      throw new HttpError(404, 'No such thing.');
    });
    api.get('/api/batch', { config: { errorExtras: { success: false, results: [] } } }, () => {
      throw new HttpError(409, 'Refunded.');
    });
    api.get('/api/existing-order', async () => {
      throw new ExistingOrderError('You already ordered it.', 'order-1');
    });
    api.get('/api/provider-slow', async () => {
      throw new ProviderFailedError('timeout', 'Too slow.');
    });
    api.get('/api/provider-down', async () => {
      throw new ProviderFailedError('failed', 'Down.', { success: false, vin: null });
    });
    // A route whose failure answers in its own shape: its schema keeps only that shape.
    api.get(
      '/api/shaped',
      {
        schema: {
          response: { 502: z.object({ success: z.boolean(), vin: z.null(), message: z.string() }) },
        },
      },
      async () => {
        throw new ProviderFailedError('failed', 'Down.', { success: false, vin: null });
      },
    );
    api.get('/api/ended', async () => {
      throw new HttpError(
        401,
        'Signed out.',
        {},
        { 'set-cookie': ['a=; Max-Age=0', 'b=; Max-Age=0'] },
      );
    });
    await app.register(async (forms) => {
      answerValidationAsForms(forms);
      forms.withTypeProvider<ZodTypeProvider>().post('/form', { schema: { body } }, () => ({}));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object });

  it('answers bad input 400 naming the field, in the message too except on forms', async () => {
    const api = await post('/api/thing', { name: 'a' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({
      code: 'INVALID_INPUT',
      field: 'name',
      message: 'name: Too short',
    });
    const form = await post('/form', { name: 'a' });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ code: 'INVALID_INPUT', field: 'name', message: 'Too short' });
    const notAnObject = await post('/form', [1]);
    expect(notAnObject.json()).toEqual({
      code: 'INVALID_INPUT',
      message: 'The request body must be a JSON object.',
    });
  });

  it('answers a fault 500 with a generic text and logs what happened', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/fault' });
    expect(res.statusCode).toBe(500);
    const { requestId } = res.json<{ requestId: string }>();
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.genericFailure, requestId });
    // The id a customer quotes is the one the failure's log line carries.
    expect(requestId).not.toBe('');
    expect(lines.join('\n')).toContain(`"reqId":"${requestId}"`);
    expect(res.body).not.toContain('hunter2');
    expect(lines.join('\n')).toContain('request failed');
  });

  it('answers 503 with Retry-After when no database connection came in time', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/busy' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: API_MESSAGES.overloaded, requestId: expect.any(String) });
  });

  it('answers a spent budget 429 with the wait in Retry-After and in the body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toEqual({ message: 'Slow down.', retryAfterSeconds: 42 });
  });

  it('adds what a route asks for: `error`, or its own fields', async () => {
    const gone = await app.inject({ method: 'GET', url: '/api/gone' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'No such thing.', error: 'No such thing.' });
    const batch = await app.inject({ method: 'GET', url: '/api/batch' });
    expect(batch.statusCode).toBe(409);
    expect(batch.json()).toEqual({ success: false, results: [], message: 'Refunded.' });
  });

  it('answers the order a new one would repeat 409 naming it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/existing-order' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.body).toBe(
      JSON.stringify({ message: 'You already ordered it.', orderId: 'order-1' }),
    );
  });

  it("answers a provider's timeout 504 and its other failures 502, with the answer's fields", async () => {
    const slow = await app.inject({ method: 'GET', url: '/api/provider-slow' });
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toEqual({ message: 'Too slow.', requestId: slow.json().requestId });
    expect(slow.json().requestId).toEqual(expect.any(String));
    const down = await app.inject({ method: 'GET', url: '/api/provider-down' });
    expect(down.statusCode).toBe(502);
    expect(down.headers['retry-after']).toBeUndefined();
    expect(down.json()).toEqual({
      success: false,
      vin: null,
      message: 'Down.',
      requestId: expect.any(String),
    });
    const shaped = await app.inject({ method: 'GET', url: '/api/shaped' });
    expect(shaped.statusCode).toBe(502);
    expect(shaped.body).toBe(JSON.stringify({ success: false, vin: null, message: 'Down.' }));
  });

  it('sends the headers an HttpError carries', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ended' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toEqual(['a=; Max-Age=0', 'b=; Max-Age=0']);
    expect(res.json()).toEqual({ message: 'Signed out.' });
  });
});

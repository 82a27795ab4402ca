import {
  authSessionResponseSchema,
  authSuccessResponseSchema,
  emptyBodySchema,
  passwordResetRequestedResponseSchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  sendVerificationOtpBodySchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
  verifyEmailBodySchema,
} from '@vr/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foreignOriginError, requireJsonBodies } from './auth-errors.ts';
import { answerValidationAsForms } from '../../http/error-handler.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { PerIpBudget } from '../../http/per-ip-budget.ts';
import type { AuthService } from './auth.service.ts';
import type { ClientContext } from './better-auth-calls.ts';
import type { Outcome } from './session-answer.ts';
import { sendCookies } from './session-cookies.ts';
import type { Sessions } from './sessions.ts';

function client(request: FastifyRequest): ClientContext {
  return { ip: request.ip, headers: request.headers };
}

function send<T>(reply: FastifyReply, outcome: Outcome<T>): T {
  sendCookies(reply, outcome.setCookies);
  return outcome.body;
}

/**
 * better-auth's CSRF check, for our own cookie-reading route: a request carrying cookies must
 * name one of the trusted origins in `Origin` (or, without it, `Referer`); one naming none is
 * refused, as better-auth refuses it. A request without cookies needs no check.
 */
function fromTrustedOrigin(request: FastifyRequest, trusted: readonly string[]): boolean {
  const { cookie, origin, referer } = request.headers;
  if (cookie === undefined) return true;
  const claimed = origin || referer;
  if (!claimed || !URL.canParse(claimed)) return false;
  return trusted.includes(new URL(claimed).origin);
}

const tags = ['auth'];

/**
 * What every auth endpoint shares: JSON bodies only, validation answered beside the form's
 * field, and answers never cached.
 */
function authEndpoints(app: FastifyInstance): void {
  answerValidationAsForms(app);
  requireJsonBodies(app);
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
}

/**
 * The auth endpoints (docs/auth-api.md). Only these reach better-auth's handler: each validates
 * and normalises its body, applies the throttles, and answers in the contract's shapes.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  perIpBudget: PerIpBudget;
}> = async (app, { service, perIpBudget }) => {
  authEndpoints(app);

  app.post(
    '/api/auth/sign-up/email',
    {
      onRequest: perIpBudget('signUp'),
      schema: {
        tags,
        summary:
          'Sign up: mails a 6-digit code; the account exists once the code is entered with this password',
        body: signUpBodySchema,
        response: { 200: signUpResponseSchema, ...errorResponses(400, 409, 429, 503) },
      },
    },
    async (request, reply) => send(reply, await service.signUp(client(request), request.body)),
  );

  app.post(
    '/api/auth/email-otp/verify-email',
    {
      onRequest: perIpBudget('verifyEmail'),
      schema: {
        tags,
        summary:
          'Verify a sign-up with its code and its password: creates the account and signs in (bearer token + session cookie)',
        body: verifyEmailBodySchema,
        response: { 200: authSessionResponseSchema, ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => send(reply, await service.verifyEmail(client(request), request.body)),
  );

  app.post(
    '/api/auth/email-otp/send-verification-otp',
    {
      onRequest: perIpBudget('resendVerification'),
      schema: {
        tags,
        summary:
          'Mail a new code for the sign-up made with this password (its old code stops working)',
        body: sendVerificationOtpBodySchema,
        response: { 200: authSuccessResponseSchema, ...errorResponses(400, 404, 409, 429, 503) },
      },
    },
    async (request, reply) =>
      send(reply, await service.resendVerificationCode(client(request), request.body)),
  );

  app.post(
    '/api/auth/sign-in/email',
    {
      schema: {
        tags,
        summary:
          'Sign in; answers a bearer token and sets the httpOnly session cookie. After repeated failures, 403 STEP_UP_REQUIRED mails a code to send with the password',
        body: signInBodySchema,
        response: { 200: authSessionResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => send(reply, await service.signIn(client(request), request.body)),
  );

  app.post(
    '/api/auth/email-otp/request-password-reset',
    {
      onRequest: perIpBudget('requestPasswordReset'),
      schema: {
        tags,
        summary:
          'Mail a password reset code if the address has an account (also to resend it); the same answer either way',
        body: requestPasswordResetBodySchema,
        response: {
          200: passwordResetRequestedResponseSchema,
          ...errorResponses(400, 429, 503),
        },
      },
    },
    async (request, reply) =>
      send(reply, await service.requestPasswordReset(client(request), request.body)),
  );

  app.post(
    '/api/auth/email-otp/reset-password',
    {
      onRequest: perIpBudget('resetPassword'),
      schema: {
        tags,
        summary: 'Set a new password with the reset code; ends every session of the account',
        body: resetPasswordBodySchema,
        response: { 200: authSuccessResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) =>
      send(reply, await service.resetPassword(client(request), request.body)),
  );

  app.post(
    '/api/auth/sign-out',
    {
      schema: {
        tags,
        summary: 'End the session (bearer token or cookie) on the server and clear the cookie',
        body: emptyBodySchema,
        response: { 200: authSuccessResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => send(reply, await service.signOut(client(request))),
  );
};

/**
 * POST /api/api/auth/refresh (registered under the API prefix, with the product's routes): a
 * bearer token from the session cookie alone.
 */
export const sessionRefreshRoutes: FastifyPluginAsyncZod<{
  sessions: Sessions;
  trustedOrigins: readonly string[];
}> = async (app, { sessions, trustedOrigins }) => {
  authEndpoints(app);

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary:
          'From the httpOnly session cookie alone: a bearer token and the user; extends the session',
        body: emptyBodySchema,
        response: { 200: authSessionResponseSchema, ...errorResponses(401, 403) },
      },
      onRequest: async (request) => {
        if (!fromTrustedOrigin(request, trustedOrigins)) throw foreignOriginError();
      },
    },
    async (request, reply) => {
      const refreshed = await sessions.refresh(request.headers.cookie);
      sendCookies(reply, refreshed.setCookies);
      return { token: refreshed.token, user: refreshed.user };
    },
  );
};

import { z } from 'zod';
import {
  adminCreditPurchasesResponseSchema,
  adminIdParamsSchema,
  adminMarkProcessingResponseSchema,
  adminOrderCountsResponseSchema,
  adminPlateSearchesResponseSchema,
  adminReportOrdersResponseSchema,
  adminSetCreditBodySchema,
  adminSetCreditResponseSchema,
  adminTryoutBodySchema,
  adminTryoutResponseSchema,
  adminUserEmailParamsSchema,
  adminUserOrdersParamsSchema,
  adminUserOrdersResponseSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  batchUploadResponseSchema,
} from './admin.ts';
import {
  authSessionResponseSchema,
  authSuccessResponseSchema,
  emptyBodySchema,
  paginationQuerySchema,
  passwordResetRequestedResponseSchema,
  registerResponseSchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  sendVerificationOtpBodySchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
  verifyEmailBodySchema,
} from './auth.ts';
import { creditPackagesResponseSchema } from './catalog.ts';
import { creditBalanceResponseSchema, creditHistoryResponseSchema } from './credits.ts';
import {
  createReportOrderBodySchema,
  createReportOrderResponseSchema,
  myOrdersResponseSchema,
  reportPreviewParamsSchema,
  reportPreviewResponseSchema,
} from './orders.ts';
import {
  attachPaymentMethodBodySchema,
  cancelPaymentResponseSchema,
  confirmPaymentResponseSchema,
  createdCardSchema,
  creditPurchaseBodySchema,
  paymentIdParamsSchema,
  paymentIntentStateSchema,
  paymentIntentViewSchema,
  paymentMethodDeletedResponseSchema,
  paymentMethodResponseSchema,
  paymentMethodsResponseSchema,
  paymentsConfigResponseSchema,
  sandboxCardBodySchema,
  sandboxChallengeBodySchema,
  setDefaultPaymentMethodBodySchema,
} from './payments.ts';
import { plateParamsSchema, plateSearchResponseSchema } from './plates.ts';
import { customerProblemSchema } from './problem-view.ts';
import {
  adminProblemsQuerySchema,
  adminProblemsResponseSchema,
  orderProblemResponseSchema,
  problemOrderParamsSchema,
  reportProblemBodySchema,
  resolveProblemBodySchema,
  resolveProblemResponseSchema,
} from './problems.ts';
import { publicConfigSchema } from './public-config.ts';
import { pendingPaymentsResponseSchema } from './purchase-status.ts';
import {
  setWatchingBodySchema,
  watchedVehicleSchema,
  watchedVehiclesResponseSchema,
  watchParamsSchema,
} from './recall-watch.ts';
import {
  reportOrderParamsSchema,
  reportShareResponseSchema,
  reportShareStatusSchema,
  reportViewResponseSchema,
  sharedReportParamsSchema,
  sharedReportResponseSchema,
} from './report-view.ts';

/**
 * One endpoint of the API the web app calls: what a request carries and what a success answers,
 * as the schemas the server's route validates and answers with. Keyed `METHOD /path`, the path
 * in Fastify's form (`:name` for a parameter).
 */
export interface Endpoint {
  /** A signed-in user's bearer token is required (the route answers 401 without one). */
  auth?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or 'multipart' for a form with files. */
  body?: z.ZodType | 'multipart';
  /** The success status when it is not 200. */
  status?: 201 | 204;
  response: z.ZodType;
}

type EndpointKey = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;

const pageQuery = { query: paginationQuerySchema } as const;

/**
 * The product API under API_PREFIX, each endpoint once. The web client takes its types from here
 * with a type-only import (no zod in its bundles); the server's routes validate and answer with
 * the same schemas, and apps/server/test/endpoints.test.ts checks that the API document describes
 * every endpoint as declared here.
 */
export const apiEndpoints = {
  'GET /public-config': { response: publicConfigSchema },
  'GET /stripe-credit/credit-packages': { response: creditPackagesResponseSchema },
  'POST /auth/refresh': { body: emptyBodySchema, response: authSessionResponseSchema },
  'POST /register': { auth: true, body: emptyBodySchema, response: registerResponseSchema },

  'GET /license-plate/search/:plate/:state': {
    auth: true,
    params: plateParamsSchema,
    response: plateSearchResponseSchema,
  },
  'GET /report-orders/preview/:vin': {
    auth: true,
    params: reportPreviewParamsSchema,
    response: reportPreviewResponseSchema,
  },
  'GET /report-orders/my-orders': { auth: true, response: myOrdersResponseSchema },
  'POST /report-orders': {
    auth: true,
    body: createReportOrderBodySchema,
    response: createReportOrderResponseSchema,
  },
  'GET /report-orders/:id/report-view': {
    auth: true,
    params: reportOrderParamsSchema,
    response: reportViewResponseSchema,
  },
  'GET /report-orders/:id/share': {
    auth: true,
    params: reportOrderParamsSchema,
    response: reportShareStatusSchema,
  },
  'POST /report-orders/:id/share': {
    auth: true,
    params: reportOrderParamsSchema,
    response: reportShareResponseSchema,
  },
  'DELETE /report-orders/:id/share': {
    auth: true,
    params: reportOrderParamsSchema,
    status: 204,
    response: z.null(),
  },
  'GET /shared-reports/:token': {
    params: sharedReportParamsSchema,
    response: sharedReportResponseSchema,
  },
  'GET /report-orders/:id/problem': {
    auth: true,
    params: problemOrderParamsSchema,
    response: orderProblemResponseSchema,
  },
  'POST /report-orders/:id/problem': {
    auth: true,
    params: problemOrderParamsSchema,
    body: reportProblemBodySchema,
    status: 201,
    response: customerProblemSchema,
  },
  'GET /recalls/watches': { auth: true, response: watchedVehiclesResponseSchema },
  'PUT /recalls/watches/:id': {
    auth: true,
    params: watchParamsSchema,
    body: setWatchingBodySchema,
    response: watchedVehicleSchema,
  },

  'GET /user/credit': { auth: true, response: creditBalanceResponseSchema },
  'GET /user/credit-history': { auth: true, response: creditHistoryResponseSchema },
  'GET /stripe-credit/config': { response: paymentsConfigResponseSchema },
  'GET /user/payment-methods': { auth: true, response: paymentMethodsResponseSchema },
  'POST /user/payment-methods': {
    auth: true,
    body: attachPaymentMethodBodySchema,
    response: paymentMethodResponseSchema,
  },
  'PUT /user/payment-methods/:id': {
    auth: true,
    params: paymentIdParamsSchema,
    body: setDefaultPaymentMethodBodySchema,
    response: paymentMethodResponseSchema,
  },
  'DELETE /user/payment-methods/:id': {
    auth: true,
    params: paymentIdParamsSchema,
    response: paymentMethodDeletedResponseSchema,
  },
  'POST /stripe-credit/credit-purchase': {
    auth: true,
    body: creditPurchaseBodySchema,
    response: paymentIntentViewSchema,
  },
  'GET /stripe-credit/pending-payments': { auth: true, response: pendingPaymentsResponseSchema },
  'GET /stripe-credit/payment-intent/:id': {
    auth: true,
    params: paymentIdParamsSchema,
    response: paymentIntentStateSchema,
  },
  'POST /stripe-credit/payment-intent/:id/confirm': {
    auth: true,
    params: paymentIdParamsSchema,
    response: confirmPaymentResponseSchema,
  },
  'POST /stripe-credit/payment-intent/:id/cancel': {
    auth: true,
    params: paymentIdParamsSchema,
    response: cancelPaymentResponseSchema,
  },
  'POST /sandbox/payment-methods': {
    auth: true,
    body: sandboxCardBodySchema,
    response: createdCardSchema,
  },
  'POST /sandbox/payment-intent/:id/3ds': {
    auth: true,
    params: paymentIdParamsSchema,
    body: sandboxChallengeBodySchema,
    response: confirmPaymentResponseSchema,
  },

  'GET /admin/users': { auth: true, ...pageQuery, response: adminUsersResponseSchema },
  'GET /admin/users/email/:email': {
    auth: true,
    params: adminUserEmailParamsSchema,
    response: adminUserResponseSchema,
  },
  'PUT /admin/users/:id': {
    auth: true,
    params: adminUserParamsSchema,
    body: adminSetCreditBodySchema,
    response: adminSetCreditResponseSchema,
  },
  'GET /admin/credit-purchases': {
    auth: true,
    ...pageQuery,
    response: adminCreditPurchasesResponseSchema,
  },
  'GET /admin/report-orders/counts': { auth: true, response: adminOrderCountsResponseSchema },
  'GET /admin/report-orders': {
    auth: true,
    ...pageQuery,
    response: adminReportOrdersResponseSchema,
  },
  'GET /admin/report-orders/pending': {
    auth: true,
    ...pageQuery,
    response: adminReportOrdersResponseSchema,
  },
  'GET /admin/report-orders/processing': {
    auth: true,
    ...pageQuery,
    response: adminReportOrdersResponseSchema,
  },
  'GET /admin/report-orders/completed': {
    auth: true,
    ...pageQuery,
    response: adminReportOrdersResponseSchema,
  },
  'GET /admin/report-orders/user/:userId': {
    auth: true,
    params: adminUserOrdersParamsSchema,
    ...pageQuery,
    response: adminUserOrdersResponseSchema,
  },
  'POST /admin/report-orders/:id/processing': {
    auth: true,
    params: adminIdParamsSchema,
    response: adminMarkProcessingResponseSchema,
  },
  'POST /admin/report-orders/:id/regenerate': {
    auth: true,
    params: adminIdParamsSchema,
    response: adminMarkProcessingResponseSchema,
  },
  'POST /admin/reports/batch-upload': {
    auth: true,
    body: 'multipart',
    response: batchUploadResponseSchema,
  },
  'GET /admin/plate-searches': {
    auth: true,
    ...pageQuery,
    response: adminPlateSearchesResponseSchema,
  },
  'GET /admin/problems': {
    auth: true,
    query: adminProblemsQuerySchema,
    response: adminProblemsResponseSchema,
  },
  'POST /admin/problems/:id/resolve': {
    auth: true,
    params: adminIdParamsSchema,
    body: resolveProblemBodySchema,
    response: resolveProblemResponseSchema,
  },
  'POST /admin/tryout': {
    auth: true,
    body: adminTryoutBodySchema,
    response: adminTryoutResponseSchema,
  },
} satisfies Record<EndpointKey, Endpoint>;
export type ApiEndpoints = typeof apiEndpoints;

/** The account endpoints under AUTH_PREFIX (docs/auth-api.md); declared as apiEndpoints are. */
export const authEndpoints = {
  'POST /sign-up/email': { body: signUpBodySchema, response: signUpResponseSchema },
  'POST /email-otp/verify-email': {
    body: verifyEmailBodySchema,
    response: authSessionResponseSchema,
  },
  'POST /email-otp/send-verification-otp': {
    body: sendVerificationOtpBodySchema,
    response: authSuccessResponseSchema,
  },
  'POST /sign-in/email': { body: signInBodySchema, response: authSessionResponseSchema },
  'POST /email-otp/request-password-reset': {
    body: requestPasswordResetBodySchema,
    response: passwordResetRequestedResponseSchema,
  },
  'POST /email-otp/reset-password': {
    body: resetPasswordBodySchema,
    response: authSuccessResponseSchema,
  },
  'POST /sign-out': { body: emptyBodySchema, response: authSuccessResponseSchema },
} satisfies Record<EndpointKey, Endpoint>;
export type AuthEndpoints = typeof authEndpoints;

/** A part of a request: required when it has a field the schema requires, else optional. */
type Part<Name extends string, S> = S extends z.ZodType
  ? Record<string, never> extends z.input<S>
    ? { [K in Name]?: z.input<S> }
    : { [K in Name]: z.input<S> }
  : { [K in Name]?: never };

/**
 * What a call of the endpoint sends: its path parameters, query, body (a FormData for a
 * multipart one), and `auth: true` exactly when the endpoint needs a signed-in user.
 */
export type EndpointRequest<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  (E['body'] extends 'multipart' ? { body: FormData } : Part<'body', E['body']>) &
  (E['auth'] extends true ? { auth: true } : { auth?: never });

/** What a success answers. */
export type EndpointAnswer<E extends Endpoint> = z.output<E['response']>;

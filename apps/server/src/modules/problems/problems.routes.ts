import {
  adminIdParamsSchema,
  adminProblemsQuerySchema,
  adminProblemsResponseSchema,
  customerProblemSchema,
  orderProblemResponseSchema,
  problemOrderParamsSchema,
  PROBLEM_MESSAGES,
  reportProblemBodySchema,
  resolveProblemBodySchema,
  resolveProblemResponseSchema,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.ts';
import { paginationOf } from '../../http/pagination.ts';
import { currentUser, type AuthGuards } from '../auth/index.ts';
import type { ProblemsService } from './problems.service.ts';

const security = [{ bearerAuth: [] }];

/** The customer's "Report a problem" on their Completed report (docs/orders-api.md). */
export const problemsRoutes: FastifyPluginAsyncZod<{
  problems: ProblemsService;
  guards: AuthGuards;
}> = async (app, { problems, guards }) => {
  app.post(
    '/report-orders/:id/problem',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['report orders'],
        summary: 'Report a problem with my Completed report',
        description:
          'What is wrong (`kind`) and a description of at most 2,000 characters. One open problem per order (409), only a Completed order (409), only its owner (404 otherwise); at most PROBLEM_REPORTS_PER_USER_DAY a day per account (429). The receipt mail is queued with the problem.',
        security,
        params: problemOrderParamsSchema,
        body: reportProblemBodySchema,
        response: {
          201: customerProblemSchema,
          ...errorResponses(400, 401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const problem = await problems.reportProblem({
        userId: currentUser(request).id,
        orderId: request.params.id,
        kind: request.body.kind,
        description: request.body.description,
      });
      request.log.info(
        { problemId: problem.id, orderId: problem.orderId, kind: problem.kind },
        'problem reported',
      );
      return reply.status(201).send(problem);
    },
  );

  app.get(
    '/report-orders/:id/problem',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['report orders'],
        summary: "My order's latest problem and its answer (null when none)",
        security,
        params: problemOrderParamsSchema,
        response: { 200: orderProblemResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      problem: await problems.problemOfOrder(currentUser(request).id, request.params.id),
    }),
  );
};

/** The admin panel's Problems tab (docs/admin-api.md); ADMIN only. */
export const adminProblemsRoutes: FastifyPluginAsyncZod<{
  problems: ProblemsService;
  guards: AuthGuards;
}> = async (app, { problems, guards }) => {
  app.addHook('onRequest', guards.requireAdmin);

  app.get(
    '/admin/problems',
    {
      schema: {
        tags: ['admin'],
        summary: 'Problems customers reported: open, resolved or all, newest first',
        description:
          '`q` finds a customer by part of their e-mail, or a user or order id. Answers the counts of open and resolved problems of the same search.',
        security,
        querystring: adminProblemsQuerySchema,
        response: { 200: adminProblemsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const listed = await problems.listForAdmin(request.query);
      return {
        success: true,
        data: listed.rows,
        counts: { open: listed.open, resolved: listed.resolved },
        pagination: paginationOf(page, size, listed.total),
      };
    },
  );

  app.post(
    '/admin/problems/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Answer a problem: a reply mailed to the customer, and what was done',
        description:
          '`action`: `reply` (nothing more), `regenerate` (the report is generated again; 409 for an uploaded report), `corrected` (a corrected report was uploaded since the problem was reported; 409 otherwise) or `refund` (the credit comes back: a ledger refund with the problem as its reason, the order becomes Refunded, its report stays readable). One transaction with the audit rows and the mail; 409 when already answered.',
        security,
        params: adminIdParamsSchema,
        body: resolveProblemBodySchema,
        response: {
          200: resolveProblemResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const problem = await problems.resolve(actorId, request.params.id, request.body);
      request.log.info(
        { problemId: problem.id, orderId: problem.orderId, action: request.body.action },
        'problem answered',
      );
      return { success: true, message: PROBLEM_MESSAGES.resolved(request.body.action), problem };
    },
  );
};

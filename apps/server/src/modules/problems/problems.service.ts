import { randomUUID } from 'node:crypto';
import {
  PROBLEM_MESSAGES,
  PROBLEM_REPORTS_PER_USER_DAY,
  type AdminProblem,
  type CustomerProblem,
  type ProblemAction,
  type ProblemKind,
} from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { consumeThrottle, releaseThrottle } from '../../db/throttles.repo.ts';
import type { Tx } from '../../db/transaction.ts';
import { HttpError, TooManyRequestsError } from '../../http/errors.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { problemsOpened, problemsResolved } from '../../lib/metrics.ts';
import { queueRegeneration } from '../admin/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findCustomerEmail,
  findOrder,
  lockOrder,
  type OrderLifecycle,
  type OrderMailContext,
  type ReportOrderRow,
} from '../orders/index.ts';
import { problemAnsweredMail, problemReceivedMail } from './problems.mails.ts';
import {
  findOpenProblemOfOrder,
  findProblem,
  findProblemForAdmin,
  insertProblem,
  latestProblemOfOrder,
  latestProblemsOfUser,
  listProblemsForAdmin,
  lockProblem,
  markProblemAnswered,
  reportUploadedSince,
  type AdminProblemRow,
  type ProblemRow,
} from './problems.repo.ts';

const DAY_MS = 86_400_000;

export interface ProblemsDeps {
  db: Db;
  jobs: JobSender;
  mail: OrderMailContext;
  /** Returns an order's credit (the orders module). */
  lifecycle: Pick<OrderLifecycle, 'refundByAdmin'>;
  now?: () => Date;
}

/** The ledger refund's reason for a credit returned on a problem. */
export const problemRefundReason = (problemId: string) => `problem:${problemId}`;

function customerView(row: ProblemRow): CustomerProblem {
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    description: row.description,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    reply: row.reply,
    outcome: row.action,
  };
}

function adminView(row: AdminProblemRow): AdminProblem {
  const { problem } = row;
  return {
    ...customerView(problem),
    userId: problem.userId,
    userEmail: row.userEmail,
    vin: row.vin,
    vehicle: row.vehicle,
    orderStatus: row.orderStatus,
    reportSource: row.reportSource,
    answeredBy: problem.answeredBy,
  };
}

/** The other order (another's, or none) is not there, for its owner's routes. */
function ownedOrder(order: ReportOrderRow | undefined, userId: string): ReportOrderRow {
  if (!order || order.userId !== userId) throw new HttpError(404, PROBLEM_MESSAGES.notFound);
  return order;
}

export type ProblemsService = ReturnType<typeof createProblemsService>;

/**
 * "Report a problem" on a Completed report and the admin's answer
 * (docs/product-rules.md#problems-with-a-report): each step lands with its mail job and its
 * audit row in one transaction.
 */
export function createProblemsService(deps: ProblemsDeps) {
  const { db, jobs, mail, lifecycle } = deps;
  const now = deps.now ?? (() => new Date());
  const budgetKey = (userId: string) => `report-problem:user:${userId}`;

  /** The order's problem as it must be for an answer; the caller has locked the order. */
  async function carryOut(
    tx: Tx,
    actorId: string,
    order: ReportOrderRow,
    problem: ProblemRow,
    action: ProblemAction,
    at: Date,
  ): Promise<void> {
    if (action === 'regenerate') await queueRegeneration(tx, jobs, actorId, order);
    if (action === 'corrected' && !(await reportUploadedSince(tx, order.id, problem.createdAt))) {
      throw new HttpError(409, PROBLEM_MESSAGES.correctedFirst);
    }
    if (action === 'refund') {
      if (order.status !== 'Completed') {
        throw new HttpError(409, PROBLEM_MESSAGES.refundNotCompleted);
      }
      const refunded = await lifecycle.refundByAdmin(
        tx,
        order,
        { actorId, reason: problemRefundReason(problem.id) },
        at,
      );
      if (!refunded) throw new HttpError(409, PROBLEM_MESSAGES.refundNotCompleted);
    }
  }

  return {
    /**
     * The owner of a Completed order reports what is wrong with its report: one open problem
     * per order (the database's partial unique index decides between concurrent reports),
     * within PROBLEM_REPORTS_PER_USER_DAY counted in the database; the receipt mail and the
     * audit row land with the problem.
     */
    async reportProblem(input: {
      userId: string;
      orderId: string;
      kind: ProblemKind;
      description: string;
    }): Promise<CustomerProblem> {
      const order = ownedOrder(await findOrder(db, input.orderId), input.userId);
      if (order.status !== 'Completed') throw new HttpError(409, PROBLEM_MESSAGES.notCompleted);
      if (await findOpenProblemOfOrder(db, order.id)) {
        throw new HttpError(409, PROBLEM_MESSAGES.alreadyOpen);
      }
      const key = budgetKey(input.userId);
      const budget = await consumeThrottle(db, key, PROBLEM_REPORTS_PER_USER_DAY, DAY_MS, now());
      if (!budget.allowed) {
        throw new TooManyRequestsError(
          PROBLEM_MESSAGES.budget(PROBLEM_REPORTS_PER_USER_DAY, budget.retryAfterSeconds),
          budget.retryAfterSeconds,
        );
      }
      let problem: ProblemRow;
      try {
        problem = await db.transaction(async (tx) => {
          const locked = await lockOrder(tx, order.id);
          // An admin may have refunded it since it was read.
          if (locked?.status !== 'Completed') {
            throw new HttpError(409, PROBLEM_MESSAGES.notCompleted);
          }
          const created = await insertProblem(tx, {
            id: randomUUID(),
            orderId: order.id,
            userId: input.userId,
            kind: input.kind,
            description: input.description,
            state: 'Open',
            createdAt: now(),
          });
          await recordAudit(tx, {
            actorId: input.userId,
            action: 'problem.report',
            targetType: 'problem',
            targetId: created.id,
            after: { orderId: order.id, kind: input.kind, state: 'Open' },
          });
          const email = await findCustomerEmail(tx, input.userId);
          if (email) {
            await enqueueMail(jobs, tx, problemReceivedMail(mail, email, locked, created));
          }
          return created;
        });
      } catch (err) {
        // Nothing was reported: the report does not count against the day's budget.
        await releaseThrottle(db, key);
        if (isUniqueViolation(err)) throw new HttpError(409, PROBLEM_MESSAGES.alreadyOpen);
        throw err;
      }
      problemsOpened.inc({ kind: problem.kind });
      return customerView(problem);
    },

    /** The latest problem of each of the customer's orders, by order id. */
    async problemsOfCustomer(userId: string): Promise<Map<string, CustomerProblem>> {
      const rows = await latestProblemsOfUser(db, userId);
      return new Map(rows.map((row) => [row.orderId, customerView(row)]));
    },

    /** The latest problem of the caller's order, or null; 404 for another's order. */
    async problemOfOrder(userId: string, orderId: string): Promise<CustomerProblem | null> {
      ownedOrder(await findOrder(db, orderId), userId);
      const row = await latestProblemOfOrder(db, orderId);
      return row ? customerView(row) : null;
    },

    async listForAdmin(filter: {
      state: 'open' | 'resolved' | 'all';
      q?: string;
      page: number;
      size: number;
    }) {
      const listed = await listProblemsForAdmin(db, { ...filter, search: filter.q || undefined });
      return { ...listed, rows: listed.rows.map(adminView) };
    },

    /**
     * An admin answers an Open problem with a reply mailed to the customer and, at the same
     * time, regenerates the report, records the corrected upload, or returns the credit
     * (Completed -> Refunded, a ledger refund whose reason is the problem). One transaction,
     * the order locked first: of two admins answering at once, the second finds it answered.
     */
    async resolve(
      actorId: string,
      problemId: string,
      answer: { reply: string; action: ProblemAction },
    ): Promise<AdminProblem> {
      const found = await findProblem(db, problemId);
      if (!found) throw new HttpError(404, PROBLEM_MESSAGES.problemNotFound);
      await db.transaction(async (tx) => {
        const at = now();
        const order = await lockOrder(tx, found.orderId);
        const problem = await lockProblem(tx, problemId);
        if (!order || !problem) throw new HttpError(404, PROBLEM_MESSAGES.problemNotFound);
        if (problem.state !== 'Open') throw new HttpError(409, PROBLEM_MESSAGES.alreadyAnswered);
        await carryOut(tx, actorId, order, problem, answer.action, at);
        const answered = await markProblemAnswered(
          tx,
          problem.id,
          { reply: answer.reply, action: answer.action, answeredBy: actorId },
          at,
        );
        if (!answered) throw new HttpError(409, PROBLEM_MESSAGES.alreadyAnswered);
        await recordAudit(tx, {
          actorId,
          action: 'problem.answer',
          targetType: 'problem',
          targetId: problem.id,
          before: { state: 'Open' },
          after: { state: 'Answered', action: answer.action, orderId: order.id },
        });
        const email = await findCustomerEmail(tx, order.userId);
        if (email) await enqueueMail(jobs, tx, problemAnsweredMail(mail, email, order, answer));
      });
      problemsResolved.inc({ outcome: answer.action });
      const view = await findProblemForAdmin(db, problemId);
      return adminView(view!);
    },
  };
}

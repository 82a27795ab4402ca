import { and, count, desc, eq, gte, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { adminAuditLog, authUsers, reportOrders, reportProblems } from '../../db/schema.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';

export type ProblemRow = typeof reportProblems.$inferSelect;
export type NewProblem = typeof reportProblems.$inferInsert;

/** Inserts an Open problem; the partial unique index refuses a second open one of the order. */
export async function insertProblem(db: DbOrTx, problem: NewProblem): Promise<ProblemRow> {
  const rows = await db.insert(reportProblems).values(problem).returning();
  return rows[0]!;
}

export async function findOpenProblemOfOrder(
  db: DbOrTx,
  orderId: string,
): Promise<ProblemRow | undefined> {
  const rows = await db
    .select()
    .from(reportProblems)
    .where(and(eq(reportProblems.orderId, orderId), eq(reportProblems.state, 'Open')))
    .limit(1);
  return rows[0];
}

/** The latest problem of each of the user's orders (Open before any answered one). */
export async function latestProblemsOfUser(db: DbOrTx, userId: string): Promise<ProblemRow[]> {
  const rows = await db
    .select()
    .from(reportProblems)
    .where(eq(reportProblems.userId, userId))
    .orderBy(desc(reportProblems.createdAt), desc(reportProblems.id));
  const latest = new Map<string, ProblemRow>();
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
  return [...latest.values()];
}

export async function latestProblemOfOrder(
  db: DbOrTx,
  orderId: string,
): Promise<ProblemRow | undefined> {
  const rows = await db
    .select()
    .from(reportProblems)
    .where(eq(reportProblems.orderId, orderId))
    .orderBy(desc(reportProblems.createdAt), desc(reportProblems.id))
    .limit(1);
  return rows[0];
}

/** Locks a problem for its answer; the caller has locked its order first. */
export async function lockProblem(tx: Tx, id: string): Promise<ProblemRow | undefined> {
  const rows = await tx
    .select()
    .from(reportProblems)
    .where(eq(reportProblems.id, id))
    .for('update');
  return rows[0];
}

export async function findProblem(db: DbOrTx, id: string): Promise<ProblemRow | undefined> {
  const rows = await db.select().from(reportProblems).where(eq(reportProblems.id, id));
  return rows[0];
}

/** Answers an Open problem; null when it was answered already. */
export async function markProblemAnswered(
  db: DbOrTx,
  id: string,
  answer: { reply: string; action: NonNullable<ProblemRow['action']>; answeredBy: string },
  now: Date,
): Promise<ProblemRow | null> {
  const rows = await db
    .update(reportProblems)
    .set({ state: 'Answered', ...answer, answeredAt: now })
    .where(and(eq(reportProblems.id, id), eq(reportProblems.state, 'Open')))
    .returning();
  return rows[0] ?? null;
}

const adminProblemColumns = {
  problem: reportProblems,
  userEmail: authUsers.email,
  vin: reportOrders.vin,
  vehicle: reportOrders.vehicle,
  orderStatus: reportOrders.status,
  reportSource: reportOrders.reportSource,
};

export type AdminProblemRow = {
  problem: ProblemRow;
  userEmail: string | null;
  vin: string;
  vehicle: string;
  orderStatus: (typeof reportOrders.$inferSelect)['status'];
  reportSource: (typeof reportOrders.$inferSelect)['reportSource'];
};

/** `%` and `_` in a search are matched as themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admin's list: open, answered or all problems, newest first, optionally those whose
 * customer's e-mail contains `search` or whose user or order id is `search`.
 */
export async function listProblemsForAdmin(
  db: DbOrTx,
  filter: { state: 'open' | 'resolved' | 'all'; search?: string; page: number; size: number },
): Promise<{ rows: AdminProblemRow[]; total: number; open: number; resolved: number }> {
  const bySearch: SQL | undefined = filter.search
    ? or(
        ilike(authUsers.email, `%${likeEscaped(filter.search)}%`),
        eq(reportProblems.userId, filter.search),
        eq(reportProblems.orderId, filter.search),
      )
    : undefined;
  const states =
    filter.state === 'open'
      ? (['Open'] as const)
      : filter.state === 'resolved'
        ? (['Answered'] as const)
        : (['Open', 'Answered'] as const);
  const where = and(inArray(reportProblems.state, [...states]), bySearch);
  const [rows, counted] = await Promise.all([
    db
      .select(adminProblemColumns)
      .from(reportProblems)
      .innerJoin(reportOrders, eq(reportOrders.id, reportProblems.orderId))
      .leftJoin(authUsers, eq(authUsers.id, reportProblems.userId))
      .where(where)
      .orderBy(desc(reportProblems.createdAt), desc(reportProblems.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ state: reportProblems.state, n: count() })
      .from(reportProblems)
      .leftJoin(authUsers, eq(authUsers.id, reportProblems.userId))
      .where(bySearch)
      .groupBy(reportProblems.state),
  ]);
  const open = counted.find((c) => c.state === 'Open')?.n ?? 0;
  const resolved = counted.find((c) => c.state === 'Answered')?.n ?? 0;
  const total =
    filter.state === 'open' ? open : filter.state === 'resolved' ? resolved : open + resolved;
  return { rows, total, open, resolved };
}

export async function findProblemForAdmin(
  db: DbOrTx,
  id: string,
): Promise<AdminProblemRow | undefined> {
  const rows = await db
    .select(adminProblemColumns)
    .from(reportProblems)
    .innerJoin(reportOrders, eq(reportOrders.id, reportProblems.orderId))
    .leftJoin(authUsers, eq(authUsers.id, reportProblems.userId))
    .where(eq(reportProblems.id, id));
  return rows[0];
}

/** Whether an admin uploaded a report to the order since `since` (its audit row says so). */
export async function reportUploadedSince(
  db: DbOrTx,
  orderId: string,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: adminAuditLog.id })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.action, 'report.upload'),
        eq(adminAuditLog.targetId, orderId),
        gte(adminAuditLog.createdAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

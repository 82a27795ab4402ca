import { randomUUID } from 'node:crypto';
import { count, desc } from 'drizzle-orm';
import { adminAuditLog } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';

export type AuditAction =
  | 'credit.set'
  | 'report.upload'
  | 'order.processing'
  | 'order.regenerate'
  | 'order.refund'
  | 'problem.report'
  | 'problem.answer'
  | 'tryout'
  | 'role.set';

export interface AuditEntry {
  /**
   * The acting admin's user id, 'cli' for changes made from the shell, or the customer's id
   * for a problem they reported (the trail of a problem starts with the customer).
   */
  actorId: string;
  action: AuditAction;
  targetType: 'user' | 'order' | 'lookup' | 'problem';
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Appends one audit row; pass the transaction of the change so both land or neither. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    id: randomUUID(),
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function listAudit(db: DbOrTx, page: number, size: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(adminAuditLog),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

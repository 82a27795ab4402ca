import { and, asc, eq, gte, like } from 'drizzle-orm';
import { authUsers, creditLedger, outbox, reportOrders } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { orderMention } from '../orders/index.ts';

export async function findOrderWithEmail(db: DbOrTx, id: string) {
  const rows = await db
    .select({ order: reportOrders, email: authUsers.email })
    .from(reportOrders)
    .innerJoin(authUsers, eq(authUsers.id, reportOrders.userId))
    .where(eq(reportOrders.id, id));
  return rows[0];
}

/** The ledger rows naming the order: its spend, and its refund if any. */
export function ledgerRowsOfOrder(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.reference, orderId))
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));
}

/** Mails about the order kept in the outbox (SMTP_URL unset). */
export function outboxRowsOfOrder(db: DbOrTx, to: string, orderId: string, since: Date) {
  return db
    .select({ createdAt: outbox.createdAt, to: outbox.to, subject: outbox.subject })
    .from(outbox)
    .where(
      and(
        eq(outbox.to, to),
        gte(outbox.createdAt, since),
        like(outbox.text, `%${orderMention(orderId)}%`),
      ),
    )
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
}

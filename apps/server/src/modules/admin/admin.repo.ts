import {
  API_PREFIX,
  purchaseDescription,
  type AdminUserRow,
  type ReportOrderStatusValue,
} from '@vr/contracts';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  authUsers,
  creditBalances,
  paymentIntents,
  paymentMethods,
  profiles,
  reportOrders,
} from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';

const defaultMethod = sql<string | null>`(
  select ${paymentMethods.id} from ${paymentMethods}
  where ${paymentMethods.userId} = ${authUsers.id} and ${paymentMethods.isDefault}
  limit 1)`;
const hasMethod = sql<boolean>`exists (
  select 1 from ${paymentMethods} where ${paymentMethods.userId} = ${authUsers.id})`;

const userColumns = {
  id: authUsers.id,
  email: authUsers.email,
  name: authUsers.name,
  role: sql<'USER' | 'ADMIN'>`coalesce(${profiles.role}, 'USER')`,
  credit: sql<number>`coalesce(${creditBalances.balance}, 0)`,
  stripeCustomerId: profiles.stripeCustomerId,
  defaultPaymentMethodId: defaultMethod,
  paymentBind: hasMethod,
  updatedAt: sql<Date>`greatest(${authUsers.updatedAt}, ${profiles.updatedAt}, ${creditBalances.updatedAt})`,
};

type UserSelect = {
  id: string;
  email: string;
  name: string;
  role: 'USER' | 'ADMIN';
  credit: number;
  stripeCustomerId: string | null;
  defaultPaymentMethodId: string | null;
  paymentBind: boolean;
  updatedAt: Date | string;
};

function toRow(u: UserSelect): AdminUserRow {
  return {
    id: u.id,
    email: u.email,
    username: u.name.trim() || null,
    credit: Number(u.credit),
    role: u.role,
    paymentBind: Boolean(u.paymentBind),
    stripeCustomerId: u.stripeCustomerId,
    defaultPaymentMethodId: u.defaultPaymentMethodId,
    updatedAt: new Date(u.updatedAt).toISOString(),
  };
}

function usersQuery(db: DbOrTx, where?: SQL) {
  return db
    .select(userColumns)
    .from(authUsers)
    .leftJoin(profiles, eq(profiles.userId, authUsers.id))
    .leftJoin(creditBalances, eq(creditBalances.userId, authUsers.id))
    .where(where)
    .orderBy(desc(authUsers.createdAt), authUsers.id);
}

export async function listAdminUsers(db: DbOrTx, page: number, size: number) {
  const [rows, totals] = await Promise.all([
    usersQuery(db)
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(authUsers),
  ]);
  return { rows: rows.map(toRow), total: totals[0]?.total ?? 0 };
}

export async function allAdminUsers(db: DbOrTx) {
  return (await usersQuery(db)).map(toRow);
}

export async function findAdminUser(db: DbOrTx, by: { id: string } | { email: string }) {
  const where =
    'id' in by
      ? eq(authUsers.id, by.id)
      : sql`lower(${authUsers.email}) = ${by.email.toLowerCase()}`;
  const rows = await usersQuery(db, where);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function listCreditPurchases(db: DbOrTx, page: number, size: number) {
  const [rows, totals] = await Promise.all([
    db
      .select({ intent: paymentIntents, userEmail: authUsers.email })
      .from(paymentIntents)
      .leftJoin(authUsers, eq(authUsers.id, paymentIntents.userId))
      .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(paymentIntents),
  ]);
  return {
    rows: rows.map(({ intent: r, userEmail }) => ({
      id: r.id,
      userId: r.userId,
      userEmail,
      amount: r.amountCents,
      credit: r.credits,
      description: purchaseDescription(r.description),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
  };
}

export async function orderCounts(db: DbOrTx) {
  const rows = await db
    .select({ status: reportOrders.status, n: count() })
    .from(reportOrders)
    .groupBy(reportOrders.status);
  const by = (s: ReportOrderStatusValue) => rows.find((r) => r.status === s)?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    pending: by('Pending'),
    processing: by('Processing'),
    completed: by('Completed'),
    refunded: by('Refunded'),
  };
}

export async function listOrders(
  db: DbOrTx,
  filter: { status?: ReportOrderStatusValue; userId?: string },
  page: number,
  size: number,
) {
  const where = and(
    filter.status ? eq(reportOrders.status, filter.status) : undefined,
    filter.userId ? eq(reportOrders.userId, filter.userId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ order: reportOrders, userEmail: authUsers.email })
      .from(reportOrders)
      .leftJoin(authUsers, eq(authUsers.id, reportOrders.userId))
      .where(where)
      .orderBy(desc(reportOrders.createdAt), desc(reportOrders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(reportOrders).where(where),
  ]);
  return {
    rows: rows.map(({ order: r, userEmail }) => ({
      id: r.id,
      userId: r.userId,
      userEmail,
      vin: r.vin,
      vehicle: r.vehicle,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      reportUrl: r.reportKey
        ? `${API_PREFIX}/admin/reports/${encodeURIComponent(r.id)}/download`
        : null,
      reportSource: r.reportSource,
      generation: {
        attempts: r.generationAttempts,
        lastError: r.generationLastError,
        nextAttemptAt: r.generationNextAt?.toISOString() ?? null,
      },
    })),
    total: totals[0]?.total ?? 0,
  };
}

import { asc, eq } from 'drizzle-orm';
import { creditPackages } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';

export type CreditPackageRow = typeof creditPackages.$inferSelect;

export function listActivePackages(db: DbOrTx): Promise<CreditPackageRow[]> {
  return db
    .select()
    .from(creditPackages)
    .where(eq(creditPackages.active, true))
    .orderBy(asc(creditPackages.sortOrder));
}

export async function findActivePackage(
  db: DbOrTx,
  id: string,
): Promise<CreditPackageRow | undefined> {
  const rows = await db.select().from(creditPackages).where(eq(creditPackages.id, id)).limit(1);
  const row = rows[0];
  return row?.active ? row : undefined;
}

import { formatCents, type CreditPackage } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { listActivePackages, type CreditPackageRow } from './catalog.repo.ts';

export function toCreditPackage(row: CreditPackageRow): CreditPackage {
  return {
    packageId: row.id,
    description: row.description,
    amount: row.amountCents,
    currency: row.currency,
    creditAmount: row.credits,
    priceDisplay: formatCents(row.amountCents, row.currency),
    popular: row.popular,
  };
}

export async function listCreditPackages(db: Db): Promise<CreditPackage[]> {
  return (await listActivePackages(db)).map(toCreditPackage);
}

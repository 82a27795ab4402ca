import { formatCents, type CreditPackage } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { listActivePackages, type CreditPackageRow } from './catalog.repo.ts';

function toCreditPackage(row: CreditPackageRow): CreditPackage {
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

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The credit packages on sale, as the public catalog shows them. */
export function createCatalogService({ db }: { db: Db }) {
  return {
    listActiveCreditPackages: async (): Promise<CreditPackage[]> =>
      (await listActivePackages(db)).map(toCreditPackage),
  };
}

/*
 * Catalog arithmetic, free of zod so that pages can use it without loading the schemas
 * (this package is side-effect free: bundlers keep only the modules a page uses).
 */

/** What the price arithmetic needs of a package (amount in cents). */
export interface Priced {
  amount: number;
  creditAmount: number;
}

/** Price of one credit in a package, in (possibly fractional) cents. */
export function unitPriceCents(pkg: Priced): number {
  return pkg.amount / pkg.creditAmount;
}

/** The lowest per-lookup price of the catalog, in whole cents: the landing's "from $X". */
export function lowestUnitPriceCents(packages: readonly Priced[]): number | null {
  if (packages.length === 0) return null;
  return Math.round(Math.min(...packages.map(unitPriceCents)));
}

/**
 * Savings of a package against the first package's unit price (docs/product-rules.md#money), as
 * whole percent and cents; zero for the first package or a dearer one.
 */
export function savingsAgainstFirst(
  packages: readonly Priced[],
  pkg: Priced,
): { percent: number; cents: number } {
  const first = packages[0];
  if (!first) return { percent: 0, cents: 0 };
  const fullPrice = unitPriceCents(first) * pkg.creditAmount;
  const cents = Math.round(fullPrice - pkg.amount);
  if (cents <= 0) return { percent: 0, cents: 0 };
  return { percent: Math.round((cents / fullPrice) * 100), cents };
}

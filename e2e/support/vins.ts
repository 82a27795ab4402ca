import { expectedCheckDigit } from '@vr/contracts';

/**
 * The `n`th of a series of valid 2003 Honda Accord VINs (serials counting from `n`). A customer's
 * open order of a VIN is never ordered twice, so a burst testing the balance orders distinct ones.
 */
export function accordVin(n: number): string {
  const base = `1HGCM826_3A${String(600_000 + n).padStart(6, '0')}`;
  return base.replace('_', expectedCheckDigit(base.replace('_', '0')));
}

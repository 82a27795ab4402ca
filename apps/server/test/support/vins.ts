import { expectedCheckDigit } from '@vr/contracts';

let serial = 0;

/**
 * A valid VIN not used before in this process (2003 Honda Accord pattern, serials counting up):
 * a customer's open order of a VIN is not ordered twice, so suites placing many orders use these.
 */
export function distinctVin(): string {
  serial += 1;
  const base = `1HGCM826_3A${String(500_000 + serial).padStart(6, '0')}`;
  return base.replace('_', expectedCheckDigit(base.replace('_', '0')));
}

import type { Odometer } from '../../../adapters/vehicle-history/vehicle-history.ts';
import { formatDate } from './report-findings.ts';

/** How the report prints dates, blanks and odometer readings. */

const NOT_REPORTED = 'Not reported';
export const dateOf = (date: string | null) => (date ? formatDate(date) : NOT_REPORTED);
export const orBlank = (value: string | null) => value ?? '-';
export const yesNo = (value: boolean | null) => (value === null ? '-' : value ? 'Yes' : 'No');

export const ODOMETER_STATUS: Record<Odometer['status'], string> = {
  actual: 'Actual',
  'not-actual': 'Not actual',
  'exceeds-limits': 'Exceeds mechanical limits',
  exempt: 'Exempt',
  unknown: 'Status unknown',
};

export function odometerText(odometer: Odometer | null): string {
  if (!odometer) return '-';
  const value = `${odometer.value.toLocaleString('en-US')} ${odometer.unit}`;
  return odometer.status === 'actual'
    ? value
    : `${value} (${ODOMETER_STATUS[odometer.status].toLowerCase()})`;
}

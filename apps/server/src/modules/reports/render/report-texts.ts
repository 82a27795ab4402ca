import { NMVTIS_NOTICE, RECALLS_UNMATCHED, inNumber } from '@vr/contracts';
import type { OdometerDrop } from './report-findings.ts';

/** The report's fixed wording; tests read the PDF's text against these. */
export const REPORT_TEXTS = {
  title: 'Vehicle history report',
  /** On every page of a report made of sandbox data (docs/product-rules.md#sandbox-providers). */
  sandboxMark: 'SANDBOX SAMPLE - not real vehicle records',
  sources: (provider: string, recallSource: string, anyRecord: boolean) =>
    anyRecord
      ? `Records from ${provider}; recalls from ${recallSource}. Every record below names its source and date.`
      : `${provider} has no record of this VIN, so the marks above say only that nothing was found. Recalls from ${recallSource}.`,
  legend: { green: 'Nothing found', amber: 'Worth a closer look', red: 'Serious problem' },
  recallsByModel: (vehicle: string) =>
    `A recall list is by model: these campaigns concern ${vehicle} vehicles, and the list does not prove that this vehicle's recall is still open. A dealer of the make can tell from the VIN whether the repair was done.`,
  recallModels: (models: readonly string[], source: string) =>
    `Model ${inNumber(models.length, 'name')} matched in the recall list of ${source}: ${models.join(', ')}.`,
  recallsUnmatched: RECALLS_UNMATCHED,
  lienStatus: 'Recorded',
  safetyEquipment: 'Safety equipment, as built (vPIC)',
  nmvtisNotice: NMVTIS_NOTICE,
  parkIt: 'NHTSA advises not to drive the vehicle until it is repaired.',
  parkOutside:
    'NHTSA advises parking outside, away from buildings, until it is repaired (fire risk).',
  chartCaption: 'Readings in miles from titles, salvage auctions and sale listings.',
  odometerDrop: 'Red: lower than an earlier reading.',
  notCovered: [
    'Service and maintenance records: this report contains none.',
    'The number of previous owners: a title record says where and when a title was issued, not who owned the vehicle or how many owners it had.',
    'Accidents and damage only where a source reported them (an insurer, a salvage auction, a title brand); many accidents are never reported.',
    "Open recalls: recalls are listed by model and year, which does not prove that this vehicle's recall is open or was repaired.",
    'Records the sources had not received when the report was made, and anything that happened since.',
    "The vehicle's present condition: have it inspected by a qualified mechanic before you buy.",
  ],
  noRecords: (what: string, provider: string) => `No ${what} reported by ${provider}.`,
  noneOfKinds: (kinds: string[], provider: string) =>
    `Not reported by ${provider}: ${kinds.join('; ')}.`,
  dropNote: (drop: OdometerDrop, formatDate: (iso: string) => string) =>
    `lower than ${drop.before.miles.toLocaleString('en-US')} mi on ${formatDate(drop.before.date)}`,
} as const;

/**
 * Report wording that the PDF and the report's web page both show. The NMVTIS notice is ours
 * (the facts NMVTIS data providers tell consumers, docs/reports.md "The NMVTIS notice"); a
 * provider's contract may ask for its own exact wording, which then replaces this one.
 */

/** The recalls mark when the vehicle could not be matched to NHTSA's model names. */
export const RECALLS_UNMATCHED =
  "Could not match this vehicle to NHTSA's recall list: check this VIN at nhtsa.gov/recalls.";

export const NMVTIS_NOTICE = {
  title: 'About NMVTIS',
  paragraphs: [
    'The National Motor Vehicle Title Information System (NMVTIS) is a national database of title and brand information on vehicles titled in the United States, set up by federal law (49 U.S.C. 30502; 28 C.F.R. Part 25, Subpart C). State motor vehicle agencies, insurers (for vehicles they declare a total loss) and junk and salvage yards must report to it.',
    'What it holds: the titles a vehicle was issued and the state of each, the odometer reading on a title, the brands states put on titles (such as salvage, flood or rebuilt), and the reports of insurers, junk yards and salvage yards.',
    'What it does not hold: repair or service history; damage from before the reporting rules began; collision damage that no reporting insurer declared a total loss; damage repaired without an insurance claim. A vehicle can lack records where a state or other reporter does not report yet, and states report on their own schedules, so recent events may be missing.',
    'Do not rely on NMVTIS alone: have the vehicle inspected by an independent mechanic of your choice, and check that the VIN on the vehicle matches its title and this report.',
    'Learn more about NMVTIS, and find its approved data providers, at vehiclehistory.gov.',
  ],
} as const;

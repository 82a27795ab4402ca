/** The word that goes with a count: `singular` for 1, else `plural` (English). */
export function inNumber(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** "1 credit", "3 credits", "1,000 credits": a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${inNumber(count, singular, plural)}`;
}

export const creditCount = (count: number) => countOf(count, 'credit');
export const entryCount = (count: number) => countOf(count, 'entry', 'entries');

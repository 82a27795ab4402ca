/** "1 credit", "3 credits": a count with its noun in the right number (English). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

export const creditCount = (count: number) => countOf(count, 'credit');
export const entryCount = (count: number) => countOf(count, 'entry', 'entries');

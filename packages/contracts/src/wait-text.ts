import { countOf } from './plural.ts';

/** "2 seconds", "1 minute", "15 minutes": a wait as a person reads it, rounded up. */
export function waitText(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  if (seconds < 60) return countOf(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  return countOf(minutes, 'minute');
}

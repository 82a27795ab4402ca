const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the customer's pages show it ("Nov 24, 2026, 3:05 PM"); the admin tables have their own. */
export const formatWhen = (iso: string): string => DATE_TIME.format(new Date(iso));

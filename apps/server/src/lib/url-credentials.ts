/**
 * Credentials that travel in URLs (report-link signatures, share and unsubscribe tokens) and so
 * would land in every log line that names a URL: the one rule the logger applies to URLs,
 * messages and errors alike. A new URL carrying a secret adds its parameter or path here.
 */

/** Query parameters whose value is a credential, whatever their case. */
export const CREDENTIAL_QUERY_PARAMS = ['sig', 'signature', 'token', 'code', 'key'] as const;

/** Paths whose next segment is a credential, whatever their case (routing ignores it). */
export const CREDENTIAL_PATH_PREFIXES = [
  '/r/',
  '/api/api/shared-reports/',
  '/api/api/recalls/unsubscribe/',
] as const;

export const REDACTED = '[redacted]';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// A value runs to the next separator; a JSON-escaped character (`\"`) stays inside it.
const VALUE = String.raw`(?:[^&#;\s"'\\]|\\.)*`;
const SEGMENT = String.raw`(?:[^/?#\s"'\\]|\\.)+`;

const QUERY_CREDENTIAL = new RegExp(
  `([?&;](?:${CREDENTIAL_QUERY_PARAMS.map(escape).join('|')})=)${VALUE}`,
  'gi',
);
const PATH_CREDENTIAL = new RegExp(
  `(${CREDENTIAL_PATH_PREFIXES.map(escape).join('|')})${SEGMENT}`,
  'gi',
);

/** `text` (a URL, or any text naming URLs) with every credential it carries replaced. */
export function redactUrlCredentials(text: string): string {
  return text.replace(QUERY_CREDENTIAL, `$1${REDACTED}`).replace(PATH_CREDENTIAL, `$1${REDACTED}`);
}

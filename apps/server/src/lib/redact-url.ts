/**
 * Paths whose last segment is a credential (a report's share token): the request log keeps the
 * path and drops the token, so a log line never opens a shared report.
 */
const CREDENTIAL_PATHS = [/^(\/r\/)[^/?#]+/i, /^(\/api\/api\/shared-reports\/)[^/?#]+/i];

/** `url` with the share token of a shared-report path replaced by "[redacted]". */
export function redactUrl(url: string): string {
  for (const pattern of CREDENTIAL_PATHS) {
    if (pattern.test(url)) return url.replace(pattern, '$1[redacted]');
  }
  return url;
}

/** The request log's `req`: Fastify's default fields, with the URL redacted. */
export function serializeRequest(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

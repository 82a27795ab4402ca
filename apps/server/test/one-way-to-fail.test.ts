import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/**
 * The places that may set a status that is not a success. Everything else fails by throwing a
 * domain error (src/http/errors.ts), which the one error handler answers.
 */
const ALLOWED: Record<string, { count: number; why: string }> = {
  'http/error-handler.ts': { count: 1, why: 'the one error handler' },
  'lib/load-shedding.ts': { count: 1, why: 'the shedding 503 with Retry-After' },
  'modules/health/health.routes.ts': { count: 2, why: 'liveness and readiness report 503' },
  'modules/plates/plates.routes.ts': { count: 1, why: 'the provider health report, 503 down' },
  'modules/recall-watch/recall-watch.routes.ts': { count: 2, why: 'an HTML page, not JSON' },
  'modules/reports/report-views.routes.ts': { count: 1, why: 'an HTML page, not JSON' },
  'modules/admin/admin-uploads.routes.ts': { count: 1, why: "a batch's per-file results" },
  'modules/vehicles/vpic-api.routes.ts': { count: 1, why: "vPIC's own formats (XML, CSV)" },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * `.status(...)` or `.code(...)` calls whose status is not a written-out 2xx or 3xx: a status
 * held in a variable, or any 4xx/5xx, is an answer written by hand.
 */
function handWrittenStatuses(source: string): string[] {
  return [...source.matchAll(/\.(?:status|code)\(([^()]*)\)/g)]
    .map((match) => match[1]!.trim())
    .filter((argument) => {
      const statuses = argument.match(/\b\d{3}\b/g) ?? [];
      return statuses.length === 0 || statuses.some((status) => Number(status) >= 400);
    });
}

describe('one way to fail', () => {
  it('leaves error answers to the error handler: no route sets a failing status itself', () => {
    const found: Record<string, number> = {};
    for (const file of sourceFiles(SRC)) {
      const count = handWrittenStatuses(readFileSync(file, 'utf8')).length;
      if (count > 0) found[relative(SRC, file)] = count;
    }
    const allowed = Object.fromEntries(
      Object.entries(ALLOWED).map(([file, { count }]) => [file, count]),
    );
    expect(found).toEqual(allowed);
  });

  it('finds what it looks for', () => {
    expect(handWrittenStatuses('reply.status(404).send({ message })')).toHaveLength(1);
    expect(handWrittenStatuses('reply.code(outcome.status).send(outcome.body)')).toHaveLength(1);
    expect(handWrittenStatuses('reply.status(found ? 200 : 409)')).toHaveLength(1);
    expect(handWrittenStatuses('reply.status(created ? 201 : 200).send(order)')).toHaveLength(0);
    expect(handWrittenStatuses("reply.code(302).header('location', to)")).toHaveLength(0);
  });
});

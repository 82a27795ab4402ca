import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The server's file names (docs/architecture.md, "Server file names"; decision 0033). The closed
 * list of roles is the table in that section, read from there, so the document and this check
 * cannot disagree.
 */

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const ARCHITECTURE = fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url));
const SECTION = '## Server file names';
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const SHAPE = /^(?<name>[a-z0-9]+(?:-[a-z0-9]+)*)(?:\.(?<role>[a-z]+))?\.(?:ts|tsx|mjs)$/;

interface Role {
  role: string;
  /** Directories of src the role's files live in; null for anywhere. */
  where: string[] | null;
  /** What the file exports, `<name>` camelCase and `<Name>` PascalCase; null for nothing checked. */
  exports: string | null;
}

interface SourceFile {
  /** Relative to src, with `/`. */
  path: string;
  text: string;
}

const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

function rolesOf(markdown: string): Role[] {
  const start = markdown.indexOf(`\n${SECTION}\n`);
  if (start < 0) return [];
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [role, , where, exports] = line.split('|').slice(1, -1);
      return {
        role: ticked(role!)[0]!,
        where: where!.trim() === 'anywhere' ? null : ticked(where!),
        exports: ticked(exports!)[0] ?? null,
      };
    });
}

const words = (name: string) => name.split('-');
const pascal = (name: string) =>
  words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
const camel = (name: string) => pascal(name)[0]!.toLowerCase() + pascal(name).slice(1);
const exported = (identifier: string) =>
  new RegExp(`export\\s+(?:async\\s+)?(?:function|const)\\s+(${identifier})\\b`, 'g');

/** Every way the files break the convention, one line per file and rule. */
function namingProblems(files: SourceFile[], roles: Role[]): string[] {
  const byRole = new Map(roles.map((role) => [role.role, role]));
  const problems: string[] = [];
  for (const { path, text } of files) {
    const base = path.slice(path.lastIndexOf('/') + 1);
    const shape = SHAPE.exec(base);
    if (!shape) {
      problems.push(`${path}: not <name>.ts or <name>.<role>.ts with a kebab-case name`);
      continue;
    }
    const { name, role } = shape.groups as { name: string; role?: string };
    const trailing = roles.find((known) => name.endsWith(`-${known.role}`));
    if (trailing) {
      problems.push(`${path}: a role is written after a dot (.${trailing.role}.ts)`);
    }
    if (role === undefined) continue;
    const known = byRole.get(role);
    if (!known) {
      problems.push(`${path}: .${role} is not one of the roles`);
      continue;
    }
    if (known.where && !known.where.some((dir) => path.startsWith(dir))) {
      problems.push(`${path}: a .${role} file belongs in ${known.where.join(' or ')}`);
    }
    if (known.exports) {
      const expected = known.exports.replace('<Name>', pascal(name)).replace('<name>', camel(name));
      if (!exported(expected).test(text)) problems.push(`${path}: exports no ${expected}`);
    }
  }
  for (const known of roles.filter((role) => role.exports)) {
    const pattern = known.exports!.replace(/<name>|<Name>/, '\\w+');
    for (const { path, text } of files) {
      if (path.includes(`.${known.role}.`)) continue;
      for (const [, identifier] of text.matchAll(exported(pattern))) {
        problems.push(`${path}: exports ${identifier}, which belongs in a .${known.role} file`);
      }
    }
  }
  return problems;
}

function sourceFiles(): SourceFile[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((path) => path.replaceAll('\\', '/'))
    .filter((path) => SOURCE_FILE.test(path))
    .sort()
    .map((path) => ({ path, text: readFileSync(SRC + path, 'utf8') }));
}

describe('server file names', () => {
  const roles = rolesOf(readFileSync(ARCHITECTURE, 'utf8'));

  it('every file in apps/server/src follows docs/architecture.md', () => {
    expect(roles.map((role) => role.role)).toContain('service');
    expect(namingProblems(sourceFiles(), roles)).toEqual([]);
  });

  it('names each file that breaks the convention, and why', () => {
    const files: SourceFile[] = [
      { path: 'modules/orders/orders.sla.ts', text: '' },
      { path: 'modules/auth/code-mails.ts', text: '' },
      { path: 'modules/auth/authGuard.ts', text: '' },
      { path: 'modules/orders/orders.schema.ts', text: '' },
      { path: 'modules/plates/plates.service.ts', text: 'export function createPlateService() {}' },
      { path: 'modules/orders/sla.ts', text: 'export async function registerSlaJob() {}' },
    ];
    expect(namingProblems(files, roles)).toEqual([
      'modules/orders/orders.sla.ts: .sla is not one of the roles',
      'modules/auth/code-mails.ts: a role is written after a dot (.mails.ts)',
      'modules/auth/authGuard.ts: not <name>.ts or <name>.<role>.ts with a kebab-case name',
      'modules/orders/orders.schema.ts: a .schema file belongs in db/',
      'modules/plates/plates.service.ts: exports no createPlatesService',
      'modules/orders/sla.ts: exports registerSlaJob, which belongs in a .job file',
    ]);
  });
});

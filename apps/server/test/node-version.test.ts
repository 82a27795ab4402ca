import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const CHECK = resolve(ROOT, 'scripts/require-node-24.mjs');
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

/** Runs the check on this Node, made to report `version` as its own. */
function checkAs(version: string) {
  const pretend = `data:text/javascript,Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} })`;
  return spawnSync(process.execPath, ['--import', pretend, CHECK], { encoding: 'utf8' });
}

describe('the Node the product runs on', () => {
  it('is the major engines names, which npm installs: the suites run on it', () => {
    const wanted = /\d+/.exec(pkg.engines.node)?.[0];
    expect(wanted).toBe('24');
    expect(process.versions.node.split('.')[0]).toBe(wanted);
    expect(spawnSync(process.execPath, [CHECK]).status).toBe(0);
  });

  it('refuses another major in one line that says which Node is needed', () => {
    const result = checkAs('20.20.2');
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('needs Node 24');
    expect(lines[0]).toContain('got Node 20.20.2');
    expect(checkAs('26.0.0').status).toBe(1);
  });

  it('is checked first by every script that runs the product', () => {
    for (const name of [
      'start',
      'worker',
      'build',
      'dev',
      'cli',
      'test',
      'test:unit',
      'test:e2e',
      'bench',
    ]) {
      expect(pkg.scripts[name], name).toMatch(/^node scripts\/require-node-24\.mjs && /);
    }
  });
});

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The Node flags an npm script of the checkout at `root` gives the compiled entry it runs (read
 * from its package.json, so a process started here runs as the script starts it): `start` runs
 * `dist/server.js`, `cli` runs `dist/cli.js`.
 */
export function npmScriptFlags(script: 'start' | 'cli', root = ROOT): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const entry = script === 'cli' ? 'cli' : 'server';
  const flags = new RegExp(`\\bnode ((?:--\\S+ )*)apps/server/dist/${entry}\\.js`).exec(
    scripts[script] ?? '',
  )?.[1];
  if (flags === undefined) throw new Error(`${root}: no compiled ${entry} in the ${script} script`);
  return flags.split(' ').filter(Boolean);
}

/** The Node flags `npm start` gives the compiled server. */
export const npmStartFlags = (root = ROOT) => npmScriptFlags('start', root);

import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The server project's global setup: compiles the server and the contracts when their sources
 * are newer than their build, as `npm start` does, for the suites that run the compiled server
 * and CLI (`compiled.ts`).
 */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '@vr/server'], {
    cwd: resolve(import.meta.dirname, '../../../..'),
    stdio: 'inherit',
  });
}

import { join, resolve } from 'node:path';
import { npmScriptFlags, npmStartFlags } from '../../../../e2e/support/npm-scripts.ts';

/** The server workspace, the working directory the suites give the processes they start. */
export const SERVER_DIR = resolve(import.meta.dirname, '../..');

/**
 * Node's arguments for the compiled server and CLI, as `npm start` and `npm run cli` run them.
 * The server project's global setup (`build.ts`) compiles them first when their sources are
 * newer than the build; a CLI command run from the sources with tsx took 1.2 to 1.4 times as
 * long.
 */
export const COMPILED_SERVER = [...npmStartFlags(), join(SERVER_DIR, 'dist/server.js')];
export const COMPILED_CLI = [...npmScriptFlags('cli'), join(SERVER_DIR, 'dist/cli.js')];

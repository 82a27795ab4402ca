import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** How to start a worker thread on a module: its file, the thread's argv and Node options. */
export interface WorkerEntry {
  filename: string;
  argv: string[];
  execArgv: string[];
}

/** The sources' own export condition of @vr/contracts (its package.json), not its last build. */
const SOURCE_CONDITION = '--conditions=vr-source';

/**
 * The worker module `name` next to the module at `base` (its `import.meta.url`). The built
 * server has a `.js` sibling, which a thread loads as it is. From the sources, the `.ts` file
 * is loaded by ts-worker.mjs, which registers tsx in the thread first: a thread does not get
 * the parent's loader (under vitest there is none), and tsx given to a thread as
 * `--import` did not take under vitest's fork pool.
 */
export function workerEntry(name: string, base: string): WorkerEntry {
  const built = new URL(`./${name}.js`, base);
  if (existsSync(built)) return { filename: fileURLToPath(built), argv: [], execArgv: [] };
  const inherited = process.execArgv.filter((arg) => arg !== SOURCE_CONDITION);
  return {
    filename: fileURLToPath(new URL('./ts-worker.mjs', import.meta.url)),
    argv: [new URL(`./${name}.ts`, base).href],
    // A thread run from the sources reads the contracts' sources too, as its parent does (a
    // parent under Vitest resolves them by an alias the thread does not have).
    execArgv: [...inherited, SOURCE_CONDITION],
  };
}

/** A task a pool thread runs: the name of one of its module's functions and its input. */
export interface WorkerTask {
  name: string;
  input: unknown;
}

/**
 * A worker module's default export: runs the task of that name. One entry point per module
 * is what ts-worker.mjs hands on.
 */
export function workerTasks(
  tasks: Record<string, (input: never) => unknown>,
): (task: WorkerTask) => unknown {
  return ({ name, input }) => {
    const task = tasks[name];
    if (!task) throw new Error(`no worker task ${name}`);
    return task(input as never);
  };
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** How to start a worker thread on a module: its file and the thread's argv. */
export interface WorkerEntry {
  filename: string;
  argv: string[];
}

/**
 * The worker module `name` next to the module at `base` (its `import.meta.url`). The built
 * server has a `.js` sibling, which a thread loads as it is. From the sources, the `.ts` file
 * is loaded by ts-worker.mjs, which registers tsx in the thread first: a thread does not get
 * the parent's loader (under vitest there is none), and tsx given to a thread as
 * `--import` did not take under vitest's fork pool.
 */
export function workerEntry(name: string, base: string): WorkerEntry {
  const built = new URL(`./${name}.js`, base);
  if (existsSync(built)) return { filename: fileURLToPath(built), argv: [] };
  return {
    filename: fileURLToPath(new URL('./ts-worker.mjs', import.meta.url)),
    argv: [new URL(`./${name}.ts`, base).href],
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

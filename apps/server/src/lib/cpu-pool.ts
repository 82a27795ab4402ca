import { Piscina } from 'piscina';
import { API_MESSAGES } from '@vr/contracts';
import { HttpError } from '../http/errors.ts';
import { SHED_RETRY_AFTER_SECONDS } from './load-shedding.ts';
import type { WorkerEntry, WorkerTask } from './worker-entry.ts';

/** Tasks that may wait for a thread, per thread; more are refused rather than piled up. */
export const CPU_QUEUE_PER_THREAD = 16;

/** How long a pool thread without work stays up. */
const CPU_THREAD_IDLE_MS = 60_000;

/**
 * The pool's queue is full: the caller tries again later (a job is retried by the queue; an
 * HTTP request answers 503 with Retry-After).
 */
export class CpuPoolBusyError extends HttpError {
  constructor() {
    super(503, API_MESSAGES.overloaded, { retryAfterSeconds: SHED_RETRY_AFTER_SECONDS });
  }
}

export interface CpuPool {
  /** Threads of the pool: the most tasks that run at once. */
  readonly threads: number;
  /** Runs the worker module's task `name` (workerTasks) on `input` in a thread. */
  run<T>(name: string, input: unknown): Promise<T>;
  /** Ends the threads once their tasks are done. */
  close(): Promise<void>;
}

/**
 * A pool of worker threads on one worker module, for CPU work that must not hold the event loop
 * (docs/decisions/0021-render-pool-and-roles.md). At most `threads` tasks run at once; at most
 * CPU_QUEUE_PER_THREAD per thread wait, and beyond that `run` rejects with CpuPoolBusyError.
 */
export function createCpuPool(options: {
  entry: WorkerEntry;
  threads: number;
  /** Handed to every thread (`workerData`); tests pass what their worker module reads. */
  workerData?: unknown;
}): CpuPool {
  const { entry, threads } = options;
  const pool = new Piscina({
    filename: entry.filename,
    argv: entry.argv,
    execArgv: entry.execArgv,
    // Threads start on the first task, so an instance that renders nothing starts none.
    minThreads: 0,
    maxThreads: threads,
    maxQueue: threads * CPU_QUEUE_PER_THREAD,
    // A thread that has rendered holds the PDF libraries (decision 0017); one left without work
    // for a minute ends, so an idle instance gives that memory back. The next task after that
    // waits for one thread start; during a burst threads stay up.
    idleTimeout: CPU_THREAD_IDLE_MS,
    workerData: options.workerData,
  });
  return {
    threads,
    async run<T>(name: string, input: unknown): Promise<T> {
      if (pool.queueSize >= pool.options.maxQueue) throw new CpuPoolBusyError();
      const task: WorkerTask = { name, input };
      return (await pool.run(task)) as T;
    },
    close: () => pool.close(),
  };
}

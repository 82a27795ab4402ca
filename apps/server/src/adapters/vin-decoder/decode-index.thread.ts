import { parentPort, workerData } from 'node:worker_threads';
import { compileDecodeIndex } from './compile-decode-index.ts';
import { writeDecodeIndex, type CompileTask } from './decode-index-file.ts';

/** Compiles the decode index off the main thread (see decode-index-file.ts) and says when done. */
const task = workerData as CompileTask;
await writeDecodeIndex(task.target, await compileDecodeIndex(task.databasePath));
parentPort?.postMessage(true);

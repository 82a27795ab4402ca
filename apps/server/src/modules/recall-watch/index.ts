/*
 * The recall-watch module's front door: what the rest of the server uses of it. Other modules
 * import recall-watch only from here.
 */
export { RECALLS_USAGE, runRecallsCli, type RecallsIo } from './recall-watch.cli.ts';
export { registerRecallWatchJob } from './recall-watch.job.ts';
export { watchOrderedVehicle } from './recall-watch.repo.ts';
export { recallWatchRoutes } from './recall-watch.routes.ts';
export { createRecallWatchService } from './recall-watch.service.ts';

import { defaultReportsDir } from './adapters/report-storage/file-report-storage.ts';
import type { Config } from './config.ts';
import { loadPgliteDump, type Database } from './db/client.ts';
import type { JobInspector } from './jobs/job-queue.ts';
import {
  OPERATIONS_COMMANDS,
  runOperationsCli,
  type OperationsIo,
} from './modules/operations/index.ts';
import { runCli, type CliIo } from './modules/users/index.ts';
import { runRecallsCli, type RecallsIo } from './modules/recall-watch/index.ts';
import type { Services } from './services.ts';

export type CommandIo = CliIo & OperationsIo & RecallsIo;

/** Every operator's command (`npm run cli -- ...`); resolves to the exit code. */
export function runCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const [command] = argv;
  if ((OPERATIONS_COMMANDS as readonly (string | undefined)[]).includes(command)) {
    return runOperationsCli(argv, io);
  }
  if (command === 'recalls') return runRecallsCli(argv, io);
  return runCli(argv, io);
}

/** Where report files live, or null when they are kept in S3. */
export const reportFilesDir = (config: Pick<Config, 'S3_BUCKET' | 'DATA_DIR'>) =>
  config.S3_BUCKET ? null : defaultReportsDir(config.DATA_DIR);

/** What the commands stand on, opened by the CLI or held by the running server. */
export interface CommandResources {
  database: Database;
  jobs: JobInspector;
  services: Pick<Services, 'users' | 'reports' | 'openSealedMail' | 'recallWatch'>;
  /** Closes what opening them opened; nothing when the server holds them. */
  close(): Promise<void>;
}

export function commandIo(
  config: Pick<Config, 'S3_BUCKET' | 'DATA_DIR' | 'DATABASE_URL'>,
  open: {
    resources(): Promise<CommandResources>;
    database(): Promise<{ database: Database; close(): Promise<void> }>;
  },
  lines: Pick<CommandIo, 'out' | 'err'>,
): CommandIo {
  return {
    ...lines,
    openServices: async () => {
      const { services, close } = await open.resources();
      return { users: services.users, reports: services.reports, close };
    },
    openOperations: async () => {
      const { database, jobs, services, close } = await open.resources();
      const reportsDir = reportFilesDir(config);
      return { database, jobs, openSealedMail: services.openSealedMail, reportsDir, close };
    },
    openRecallWatch: async () => {
      const { services, close } = await open.resources();
      return { recallWatch: services.recallWatch, close };
    },
    openDatabase: open.database,
    dataDir: config.DATA_DIR,
    databaseKind: config.DATABASE_URL ? 'postgres' : 'pglite',
    loadPgliteDump: (dump) => loadPgliteDump(config.DATA_DIR, dump),
  };
}

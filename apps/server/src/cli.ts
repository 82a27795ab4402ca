import { resolve } from 'node:path';
import { createRecallsProvider, publishedSampleRecalls } from './adapters/recalls/index.ts';
import { createVehicleHistoryProvider } from './adapters/vehicle-history/index.ts';
import { createPlateProvider } from './adapters/plates/index.ts';
import { createReportStorage } from './adapters/report-storage/index.ts';
import { createVinDecoder } from './adapters/vin-decoder/index.ts';
import type { VinDecoder } from './adapters/vin-decoder/vin-decoder.ts';
import { ConfigError, loadEnvFile, parseConfig, type Config } from './config.ts';
import { keepDataPrivate } from './lib/private-files.ts';
import { openDatabase } from './db/client.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { resolveAuthSecret } from './modules/auth/index.ts';
import { inlineReportWork } from './modules/reports/index.ts';
import { createServices } from './services.ts';
import { commandIo, controlSocketPath, runCommand, type CommandResources } from './commands.ts';
import { callControlChannel } from './lib/control-channel.ts';

/**
 * The configured decoder, opened when a command first decodes: opening the offline vPIC data
 * takes about a second and 100 MB, which commands that decode nothing should not pay.
 */
function decoderOpenedOnFirstUse(config: Config): VinDecoder {
  let opened: Promise<VinDecoder> | undefined;
  const open = () => (opened ??= createVinDecoder(config));
  return {
    decode: async (vin, modelYear, log) => (await open()).decode(vin, modelYear, log),
    close: async () => {
      if (opened) await (await opened).close();
    },
  };
}

/**
 * The server's services on the database the server would open (same configuration), for a
 * command no running server took (PostgreSQL, or the embedded database with no server). Mails
 * are queued with the change; a server's worker delivers them.
 */
async function openResources(config: Config): Promise<CommandResources> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const log = {
    info: (details: object, message: string) => process.stderr.write(`${message}\n`),
    warn: (details: object, message: string) => process.stderr.write(`${message}\n`),
    error: (details: object, message: string) => process.stderr.write(`${message}\n`),
    // A command prints what it did and what failed, not the services' debugging lines.
    debug: () => {},
  };
  const decoder = decoderOpenedOnFirstUse(config);
  try {
    const jobs = await createJobQueue({ database, log });
    const reportStorage = createReportStorage(config);
    const services = createServices(config, database, {
      jobs,
      reportStorage,
      plateProvider: createPlateProvider(config),
      historyProvider: createVehicleHistoryProvider(config),
      recallsProvider: createRecallsProvider(config, publishedSampleRecalls(database.db)),
      decoder,
      reportWork: inlineReportWork,
      secret: await resolveAuthSecret(config, database),
      log,
    });
    return {
      database,
      jobs: jobs.inspect,
      services,
      close: async () => {
        await jobs.stop();
        reportStorage.destroy?.();
        await decoder.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Arguments naming files, made absolute: a running server may run the command elsewhere. */
function withFullPaths(argv: readonly string[]): string[] {
  const [command] = argv;
  const fileAt = command === 'attach-report' ? 2 : command === 'backup' ? 1 : -1;
  return argv.map((arg, i) => (i === fileAt ? resolve(arg) : arg));
}

/** `npm run cli -- <command>`. */
async function main(): Promise<number> {
  loadEnvFile();
  const config = parseConfig(process.env);
  keepDataPrivate(config.DATA_DIR);
  const argv = process.argv.slice(2);
  const lines = {
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
  };
  // The embedded database belongs to the server's process while it runs: the command runs there.
  if (!config.DATABASE_URL && argv[0] !== 'restore') {
    const outcome = await callControlChannel(
      controlSocketPath(config.DATA_DIR),
      withFullPaths(argv),
    );
    if (outcome) {
      outcome.out.forEach(lines.out);
      outcome.err.forEach(lines.err);
      return outcome.code;
    }
  }
  const io = commandIo(
    config,
    {
      resources: () => openResources(config),
      database: async () => {
        const database = await openDatabase({
          databaseUrl: config.DATABASE_URL,
          dataDir: config.DATA_DIR,
          migrate: false,
        });
        return { database, close: () => database.close() };
      },
    },
    lines,
  );
  return runCommand(argv, io);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`${message.split('\n')[0]}\n`);
    process.exitCode = 1;
  },
);

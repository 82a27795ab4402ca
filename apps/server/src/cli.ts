import './lib/drizzle-module-hooks.ts';
import { resolve } from 'node:path';
import type { CommandResources } from './commands.ts';
import { ConfigError, loadEnvFile, parseConfig, type Config } from './config.ts';
import { keepDataPrivate } from './lib/private-files.ts';
import { callControlChannel, controlSocketPath } from './lib/control-channel.ts';

// The rest of the server is imported only for a command no running server took: one that a
// running server answers then takes 0.3 s instead of 1.3 s (loading the services is the rest).
const loadDatabase = () => import('./db/client.ts');

/**
 * The server's services on the database the server would open (same configuration), for a
 * command no running server took (PostgreSQL, or the embedded database with no server). Mails
 * are queued with the change; a server's worker delivers them.
 */
async function openResources(config: Config): Promise<CommandResources> {
  const [{ openDatabase }, { createAdapters }, { createServices }] = await Promise.all([
    loadDatabase(),
    import('./composition-adapters.ts'),
    import('./services.ts'),
  ]);
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
  const adapters = await createAdapters(config, { database, log, mode: 'cli' }).catch(
    async (err: unknown) => {
      await database.close();
      throw err;
    },
  );
  const close = async () => {
    await adapters.close();
    await database.close();
  };
  const services = await createServices(config, database, adapters, log).catch(
    async (err: unknown) => {
      await close();
      throw err;
    },
  );
  return { database, jobs: adapters.jobs.inspect, services, close };
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
  const { commandIo, runCommand } = await import('./commands.ts');
  const io = commandIo(
    config,
    {
      resources: () => openResources(config),
      database: async () => {
        const { openDatabase } = await loadDatabase();
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

import { ConfigError, loadEnvFile, parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runCli } from './modules/users/users.cli.ts';

/** `npm run cli -- <command>`: opens the database the server would open (same configuration). */
async function main(): Promise<number> {
  loadEnvFile();
  const config = parseConfig(process.env);
  return runCli(process.argv.slice(2), {
    openDatabase: () =>
      openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
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

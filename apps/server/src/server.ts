// drizzle's module hooks before anything loads drizzle; then .env, then tracing, which reads its
// OTEL_* variables and instruments the modules imported after it.
import './lib/drizzle-module-hooks.ts';
import './env-file.ts';
import { stopTracing } from './tracing.ts';
import { ConfigError, parseConfig } from './config.ts';
import { keepDataPrivate } from './lib/private-files.ts';
import { DatabaseInUseError } from './db/pglite-lock.ts';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  keepDataPrivate(config.DATA_DIR);
  // Imported now, not with the modules above: its imports load drizzle, which the hooks serve.
  const { startRuntime } = await import('./runtime.ts');
  const runtime = await startRuntime(config);
  const { app } = runtime;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    timer.unref();
    runtime
      .close()
      .then(stopTracing)
      .then(
        () => {
          app.log.info('shutdown complete');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // A worker listens only for its health check, on a port of its own.
  const port = config.ROLE === 'worker' ? config.WORKER_PORT : config.PORT;
  await app.listen({ port, host: config.HOST });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseInUseError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});

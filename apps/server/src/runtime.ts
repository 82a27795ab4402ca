import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { controlSocketPath } from './lib/control-channel.ts';
import { createReadiness } from './modules/health/index.ts';

export interface Runtime {
  app: FastifyInstance;
  /**
   * Answers not ready from now on, stops taking requests and lets in-flight ones finish, closes
   * the adapters (the job queue first, letting running jobs finish within the grace), then
   * closes the database.
   */
  close(): Promise<void>;
}

/** How often a closing server closes the connections that have gone idle since the last time. */
const IDLE_SWEEP_MS = 100;

/** Everything a running server holds: the database, then the app with its adapters. */
export async function startRuntime(config: Config): Promise<Runtime> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    connectionWaitMs: config.REQUEST_TIMEOUT_MS,
  });
  const readiness = createReadiness();
  const app = await buildApp({
    config,
    database,
    readiness,
    // Only this process may open the embedded database: the CLI's commands run here meanwhile.
    ...(config.DATABASE_URL ? {} : { controlSocket: controlSocketPath(config.DATA_DIR) }),
  }).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  let closing: Promise<void> | undefined;
  return {
    app,
    close: () => {
      closing ??= (async () => {
        readiness.drain();
        // Fastify closes the keep-alive connections idle when the close begins; one whose
        // request was still in flight then became idle and, its client keeping it for the
        // server's keep-alive time (72 s), held the close past the grace. Each is closed once its
        // answer is out.
        const closingIdle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
        try {
          await app.close();
        } finally {
          clearInterval(closingIdle);
        }
        await database.close();
      })();
      return closing;
    },
  };
}

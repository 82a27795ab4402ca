// Run by startup.ts with plain Node and the flags `npm start` gives the server (no loader, so
// the figures are the compiled server's alone). Arguments: the checkout's root, a DATA_DIR that
// has had its first start. Prints one JSON line per step: resident memory and the main
// thread's heap and external memory after it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root = '.', dataDir = ''] = process.argv.slice(2);
const dist = (path) => pathToFileURL(join(root, 'apps/server/dist', path)).href;
const mb = (bytes) => Math.round(bytes / 1048576);

function stage(step) {
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  const { heapUsed, external } = process.memoryUsage();
  const line = {
    step,
    rssMb: Math.round(rssKb / 1024),
    heapMb: mb(heapUsed),
    externalMb: mb(external),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

stage('Node alone');
// In the order runtime.ts opens them; importing app.js loads every module the server needs.
const { buildApp } = await import(dist('app.js'));
const { parseConfig } = await import(dist('config.js'));
const { openDatabase } = await import(dist('db/client.js'));
const { createVinDecoder } = await import(dist('adapters/vin-decoder/index.js'));
stage("the server's modules");
const config = parseConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
});
const database = await openDatabase({ dataDir: config.DATA_DIR });
stage('PGlite opened, migrations checked');
const decoder = await createVinDecoder(config);
stage('decode index loaded');
const app = await buildApp({ config, database, decoder });
stage('app built, job queue started');
await new Promise((r) => setTimeout(r, Number(process.env.STARTUP_IDLE_SECONDS ?? 8) * 1000));
stage('idle');
await app.close();
await database.close();

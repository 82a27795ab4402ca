import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createJobQueue, type JobName, type JobQueue } from '../src/jobs/job-queue.ts';
import { testConfig, testDecoder } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

/** The app of one role, with the queues it took jobs from (the job queue's `work` calls). */
async function appOfRole(database: Database, role: string) {
  const config = testConfig({ ROLE: role });
  const queue = await createJobQueue({
    database,
    log: { info: () => {}, error: () => {}, warn: () => {} },
  });
  const worked: JobName[] = [];
  const jobs: JobQueue = {
    ...queue,
    work: (name, handler, options) => {
      worked.push(name);
      return queue.work(name, handler, options);
    },
  };
  const app = await buildApp({
    config,
    database,
    adapters: { decoder: await testDecoder(config), jobs },
  });
  await app.ready();
  return {
    app,
    worked,
    close: async () => {
      await queue.stop();
      await app.close();
    },
  };
}

describe.each(testDatabases())('roles on $name', (testDb) => {
  let closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing) await close();
    closing = [];
  });

  it('a web process serves the product and takes no job; a worker takes every job and serves only its health', async () => {
    const database = await testDb.open();
    closing.push(() => database.close());
    const web = await appOfRole(database, 'web');
    const worker = await appOfRole(database, 'worker');
    closing.unshift(web.close, worker.close);

    expect(web.worked).toEqual([]);
    expect(worker.worked.sort()).toEqual([
      'mail',
      'recall-watch',
      'report-generation',
      'sla-refunds',
    ]);

    for (const url of [
      '/api/api/health',
      '/api/api/public-config',
      '/api/api/stripe-credit/credit-packages',
    ]) {
      expect((await web.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await worker.app.inject({ method: 'GET', url: '/api/api/health' })).statusCode).toBe(
      200,
    );
    for (const url of [
      '/api/api/public-config',
      '/api/api/stripe-credit/credit-packages',
      '/api/docs',
      '/',
    ]) {
      expect((await worker.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

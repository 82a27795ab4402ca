import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const [pglite] = testDatabases();

describe('serving the built web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'vr-dist-'));
  const filler = 'x'.repeat(4000);
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), `<html><body>landing ${filler}</body></html>`);
    writeFileSync(join(dist, 'app.html'), `<html><body>shell ${filler}</body></html>`);
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), `console.log(1);`);
    t = await createTestApp(pglite!, {
      env: { WEB_DIST_DIR: dist, PRODUCT_NAME: 'Acme Plates', CONTACT_EMAIL: 'help@acme.test' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the pre-drawn landing page at /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('landing');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with the app shell, so a reload keeps working', async () => {
    for (const url of ['/dashboard', '/admin', '/dashboard?tab=credits']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('shell');
    }
  });

  it('compresses pages for browsers that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('shell');
  });

  it('caches hashed assets for a year and answers missing ones with 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/main-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it('keeps unknown API paths JSON, whatever their case', async () => {
    for (const url of ['/api/api/nothing-here', '/API/API/nothing-here', '/Api/vehicles/x/y/z']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found' });
    }
  });

  it('tells the public pages the configured product name and contact', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/api/public-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productName: 'Acme Plates', contactEmail: 'help@acme.test' });
  });
});

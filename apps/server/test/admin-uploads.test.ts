import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOrders } from '../src/db/schema.ts';
import { UPLOAD_MESSAGES } from '../src/modules/admin/admin-uploads.routes.ts';
import { adjustTo } from '../src/modules/credits/credit-ledger.ts';
import { REPORT_FILE_MESSAGES } from '../src/modules/reports/report-pdf.ts';
import { inflationLimit } from '../src/modules/reports/pdf-inflation.ts';
import { createVerifiedUser, freshEmail, type SignedIn } from './auth-support.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { reportBatch } from './support/multipart.ts';
import { decompressionBomb, hostilePdfs, makeReportPdf } from './support/pdf.ts';
import { distinctVin } from './support/vins.ts';

const URL = '/api/api/admin/reports/batch-upload';
/** Small limits, so a batch over them stays cheap to build. */
const MAX_REPORT_MB = 1;
const MAX_UPLOAD_BATCH_MB = 1.5;

/** Resolves once `ready()` holds; a condition that never holds fails by the test's timeout. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 20));
}

describe.each(testDatabases())('batch upload of reports on $name', (testDb) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vr-uploads-'));
  const tmp = join(dataDir, 'tmp');
  const adminEmail = freshEmail('admin');
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(testDb, {
      slaJob: false,
      env: {
        DATA_DIR: dataDir,
        ADMIN_EMAILS: adminEmail,
        MAX_REPORT_MB: String(MAX_REPORT_MB),
        MAX_UPLOAD_BATCH_MB: String(MAX_UPLOAD_BATCH_MB),
      },
    });
    admin = await createVerifiedUser(t.app, t.database.db, { email: adminEmail });
    customer = await createVerifiedUser(t.app, t.database.db);
    await adjustTo(t.database.db, { userId: customer.userId, newBalance: 100, actorId: 'test' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function pendingOrder(): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/report-orders',
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { vin: distinctVin() },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  const status = async (id: string) =>
    (await t.database.db.select().from(reportOrders).where(eq(reportOrders.id, id)))[0]?.status;

  it('refuses active content and decompression bombs, naming what was refused', async () => {
    const cases: [string, Buffer, string][] = [
      ['open-action.pdf', await hostilePdfs.openActionJavaScript(), 'JavaScript'],
      ['escaped.pdf', await hostilePdfs.escapedJavaScriptNames(), 'JavaScript'],
      ['named-script.pdf', await hostilePdfs.namedJavaScript(), 'JavaScript'],
      ['link.pdf', await hostilePdfs.javascriptUri(), 'JavaScript'],
      ['launch.pdf', await hostilePdfs.launch(), 'an action that launches a program'],
      ['attachment.pdf', await hostilePdfs.embeddedFile(), 'an embedded file'],
      ['submit.pdf', await hostilePdfs.submitForm(), 'a form that submits or imports data'],
      ['xfa.pdf', await hostilePdfs.xfaForm(), 'an XFA form'],
    ];
    const orders = await Promise.all(cases.map(() => pendingOrder()));
    const { payload, headers } = reportBatch(
      cases.map(([name, data], i) => [orders[i]!, name, data]),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...headers, authorization: `Bearer ${admin.token}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().results.map((r: { message: string }) => r.message)).toEqual(
      cases.map(([, , what]) => `The PDF contains ${what}; reports must not carry active content.`),
    );
    for (const order of orders) expect(await status(order)).toBe('Pending');
  });

  it("refuses the audit's bomb (102 KB inflating to 100 MB) and one deflated twice", async () => {
    const bomb = await decompressionBomb(100);
    const twice = await decompressionBomb(100, 2);
    const clean = await makeReportPdf();
    const [a, b, c] = [await pendingOrder(), await pendingOrder(), await pendingOrder()];
    const { payload, headers } = reportBatch([
      [a, 'bomb.pdf', bomb],
      [b, 'twice.pdf', twice],
      [c, 'clean.pdf', clean],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...headers, authorization: `Bearer ${admin.token}` },
      payload,
    });
    expect(res.statusCode).toBe(207);
    expect(res.json().results.map((r: { message: string }) => r.message)).toEqual([
      REPORT_FILE_MESSAGES.bomb(inflationLimit(bomb.length)),
      REPORT_FILE_MESSAGES.bomb(inflationLimit(twice.length)),
      'Uploaded',
    ]);
    expect([await status(a), await status(b), await status(c)]).toEqual([
      'Pending',
      'Pending',
      'Completed',
    ]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('answers 413 to a batch over MAX_UPLOAD_BATCH_MB and keeps no temporary file', async () => {
    const pdf = await makeReportPdf();
    // Two files each under MAX_REPORT_MB, together over MAX_UPLOAD_BATCH_MB.
    const padded = Buffer.concat([pdf, Buffer.alloc(900 * 1024)]);
    const [a, b] = [await pendingOrder(), await pendingOrder()];
    const { payload, headers } = reportBatch([
      [a, 'a.pdf', padded],
      [b, 'b.pdf', padded],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...headers, authorization: `Bearer ${admin.token}` },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.batchTooLarge(MAX_UPLOAD_BATCH_MB));
    expect([await status(a), await status(b)]).toEqual(['Pending', 'Pending']);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('writes each file to DATA_DIR/tmp (0600) as it arrives, not after the request, and removes it', async () => {
    const first = await makeReportPdf('first');
    const second = await makeReportPdf('second');
    const [a, b] = [await pendingOrder(), await pendingOrder()];
    const { payload, headers } = reportBatch([
      [a, 'first.pdf', first],
      [b, 'second.pdf', second],
    ]);
    // Everything up to the middle of the second file: the first file is whole, the request not.
    const cut = payload.indexOf(second) + 100;
    const body = new PassThrough();
    body.write(payload.subarray(0, cut));
    const answer = t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...headers, authorization: `Bearer ${admin.token}` },
      payload: body,
    });
    const sizes = () => readdirSync(tmp).map((name) => statSync(join(tmp, name)).size);
    await until(() => sizes().includes(first.length));
    for (const name of readdirSync(tmp)) {
      expect(statSync(join(tmp, name)).mode & 0o777).toBe(0o600);
    }
    body.end(payload.subarray(cut));
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect([await status(a), await status(b)]).toEqual(['Completed', 'Completed']);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('removes the temporary files of a request the client aborts', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const pdf = await makeReportPdf();
    const { payload, headers } = reportBatch([[await pendingOrder(), 'a.pdf', pdf]]);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: URL,
      headers: {
        ...headers,
        'content-length': payload.length,
        authorization: `Bearer ${admin.token}`,
      },
    });
    req.on('error', () => undefined);
    req.write(payload.subarray(0, payload.indexOf(pdf) + 200));
    await until(() => readdirSync(tmp).length > 0);
    req.destroy();
    await until(() => readdirSync(tmp).length === 0);
  });
});

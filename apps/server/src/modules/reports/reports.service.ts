import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES } from '@vr/contracts';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { MailAttachment } from '../../adapters/mail/mailer.ts';
import type { ReportStorage } from '../../adapters/report-storage/index.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findOrder,
  hasReadableReport,
  lockOrder,
  type OrderLifecycle,
  type ReportOrderRow,
} from '../orders/index.ts';
import type { ReportLinks } from './report-links.ts';
import { checkReportPdf } from './report-pdf.ts';
import { orderCompletion } from '../../lib/metrics.ts';

export interface ReportsDeps {
  db: Db;
  storage: ReportStorage;
  /** Completes the order and mails its customer (the orders module). */
  lifecycle: Pick<OrderLifecycle, 'complete'>;
  links: Pick<ReportLinks, 'verify'>;
  maxReportMb: number;
  log: { warn(obj: object, msg: string): void };
  /** Inspects an upload (the server's render pool); default: on this thread. */
  checkPdf?: (file: string, maxMb: number) => Promise<number>;
}

/** A report goes with its mail only below this size (docs/limits.md); the link always works. */
export const MAIL_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

/** The file name a report is downloaded and mailed as. */
export const reportFileName = (order: { id: string; vin: string }) =>
  `report-${order.id}-${order.vin}.pdf`;

export const ATTACH_MESSAGES = {
  orderNotFound: ADMIN_MESSAGES.orderNotFound,
  refunded: 'This order was refunded; a report can no longer be attached.',
  attached: 'Report uploaded; the order is Completed and the customer was e-mailed.',
} as const;

export const REPORT_LINK_MESSAGES = {
  invalid: 'This report link is invalid or has expired. Open the report again from your dashboard.',
  noReport: 'No report has been attached to this order yet.',
} as const;

/** An order's stored report, ready to send. */
export interface OpenedReport {
  order: ReportOrderRow;
  body: Readable;
  size: number;
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** Report PDFs: attaching one to an order (admin upload, CLI), and reading one back. */
export function createReportsService(deps: ReportsDeps) {
  const { db, storage, lifecycle, links, log } = deps;
  const checkPdf = deps.checkPdf ?? checkReportPdf;

  async function openStoredReport(order: ReportOrderRow): Promise<OpenedReport> {
    const stored = order.reportKey ? await storage.get(order.reportKey) : null;
    if (!stored) throw new HttpError(404, REPORT_LINK_MESSAGES.noReport);
    return { order, ...stored };
  }

  return {
    /**
     * Attaches the PDF file at `input.file` to an order: checks it by content, stores it under a
     * new generated key, then marks the order Completed and queues the customer's mail in the
     * same transaction. The previous report is deleted only after the new one is stored and
     * recorded, so a failed replacement keeps the old report available.
     */
    async attachReportCompleteOrderAndMailCustomer(input: {
      orderId: string;
      file: string;
      actorId: string;
    }): Promise<ReportOrderRow> {
      const bytes = await checkPdf(input.file, deps.maxReportMb);
      const found = await findOrder(db, input.orderId);
      if (!found) throw new HttpError(404, ATTACH_MESSAGES.orderNotFound);
      if (found.status === 'Refunded') throw new HttpError(409, ATTACH_MESSAGES.refunded);

      const key = `${input.orderId}/${randomBytes(12).toString('hex')}.pdf`;
      await storage.put(key, input.file);
      let previous: ReportOrderRow;
      let order: ReportOrderRow;
      try {
        [previous, order] = await db.transaction(async (tx) => {
          const before = await lockOrder(tx, input.orderId);
          if (!before) throw new HttpError(404, ATTACH_MESSAGES.orderNotFound);
          // The SLA job may have refunded it meanwhile; a refunded order stays refunded.
          if (before.status === 'Refunded') throw new HttpError(409, ATTACH_MESSAGES.refunded);
          const completed = await lifecycle.complete(
            tx,
            before,
            { key, source: 'uploaded' },
            new Date(),
          );
          await recordAudit(tx, {
            actorId: input.actorId,
            action: 'report.upload',
            targetType: 'order',
            targetId: input.orderId,
            before: { status: before.status, reportKey: before.reportKey },
            after: { status: 'Completed', reportKey: key, bytes },
          });
          return [before, completed] as const;
        });
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
      if (previous.reportKey && previous.reportKey !== key) {
        await storage
          .delete(previous.reportKey)
          .catch((err: unknown) => log.warn({ err, key: previous.reportKey }, 'old report kept'));
      }
      if (previous.status !== 'Completed') {
        const seconds = (Date.now() - order.createdAt.getTime()) / 1000;
        orderCompletion.observe({ source: 'uploaded' }, seconds);
      }
      return order;
    },

    /**
     * The readable report of an order (readable-report.ts) through its signed link
     * (reports/report-links.ts): 403 when the link is not that order's owner's or has expired.
     */
    async openReportBySignedLink(orderId: string, expires: number, sig: string) {
      const order = await findOrder(db, orderId);
      if (!order || !links.verify(order, expires, sig) || !hasReadableReport(order)) {
        throw new HttpError(403, REPORT_LINK_MESSAGES.invalid);
      }
      return openStoredReport(order);
    },

    /**
     * The PDF of a Completed order as stored now (an admin's upload replaces a generated one),
     * for its mail; null when there is none or it is MAIL_ATTACHMENT_MAX_BYTES or more.
     */
    async reportAttachment(orderId: string): Promise<MailAttachment | null> {
      const order = await findOrder(db, orderId);
      if (order?.status !== 'Completed' || !order.reportKey) return null;
      const stored = await storage.get(order.reportKey);
      if (!stored) return null;
      if (stored.size >= MAIL_ATTACHMENT_MAX_BYTES) {
        stored.body.destroy();
        return null;
      }
      return {
        filename: reportFileName(order),
        contentType: 'application/pdf',
        contentBase64: (await buffer(stored.body)).toString('base64'),
      };
    },

    /** Any order's report, for an admin to download; 404 when the order or its report is missing. */
    async openReportForAdmin(orderId: string) {
      const order = await findOrder(db, orderId);
      if (!order) throw new HttpError(404, 'Report order not found');
      return openStoredReport(order);
    },
  };
}

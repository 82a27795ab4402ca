import { createHash, randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  REPORT_VIEW_MESSAGES,
  SHARE_LINK_DAYS,
  SHARED_REPORT_PAGE_PREFIX,
  SHARED_REPORT_RATE_PER_HOUR,
  type ReportShare,
  type ReportShareStatus,
  type ReportViewResponse,
  type SharedReport,
} from '@vr/contracts';
import type { ReportStorage } from '../../adapters/report-storage/index.ts';
import type { Db } from '../../db/client.ts';
import { consumeThrottle } from '../../db/throttles.repo.ts';
import { HttpError, TooManyRequestsError } from '../../http/errors.ts';
import { findOrder, hasReadableReport, type ReportOrderRow } from '../orders/index.ts';
import { reportView } from './render/report-view.ts';
import type { ReportLinks } from './report-links.ts';
import {
  countShareOpen,
  deleteShare,
  findReportInputs,
  findSharedOrder,
  findShareOfOrder,
  upsertShare,
} from './reports.repo.ts';
import type { OpenedReport } from './reports.service.ts';

export interface ReportViewsDeps {
  db: Db;
  storage: Pick<ReportStorage, 'get'>;
  links: Pick<ReportLinks, 'urlFor'>;
  publicUrl: string;
  now?: () => Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Tokens are kept (and looked up) by their SHA-256 only. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes in base64url: 43 characters, 256 bits. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ReportViewsService = ReturnType<typeof createReportViewsService>;

/** A report as a page, for its owner and through share links (docs/product-rules.md#reports). */
export function createReportViewsService(deps: ReportViewsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The page of a Completed order's report: its inputs' view, or null (PDF only). */
  async function pageOf(order: ReportOrderRow) {
    const stored =
      order.reportSource === 'generated' && order.reportKey
        ? await findReportInputs(db, order.id, order.reportKey)
        : undefined;
    return {
      vin: order.vin,
      vehicle: order.vehicle,
      generatedAt: (stored?.generatedAt ?? order.updatedAt).toISOString(),
      view: stored ? reportView(order.vin, stored.inputs) : null,
    };
  }

  /**
   * The caller's order with a readable report (Completed, or Refunded for a problem found in
   * it), else 404 (another's, none, or refunded without a report) or 409 (not ready).
   */
  async function ownCompletedOrder(userId: string, orderId: string): Promise<ReportOrderRow> {
    const order = await findOrder(db, orderId);
    if (!order || order.userId !== userId || (order.status === 'Refunded' && !order.reportKey)) {
      throw new HttpError(404, REPORT_VIEW_MESSAGES.notFound);
    }
    if (!hasReadableReport(order)) {
      throw new HttpError(409, REPORT_VIEW_MESSAGES.notReady);
    }
    return order;
  }

  /**
   * The live share of `token`, counted against the link's hourly budget (in the database, so it
   * holds across instances). Unknown, revoked and expired tokens are all 404.
   */
  async function openShare(token: string) {
    if (!TOKEN_PATTERN.test(token)) throw new HttpError(404, REPORT_VIEW_MESSAGES.shareNotFound);
    const tokenHash = hashToken(token);
    const found = await findSharedOrder(db, tokenHash, now());
    if (!found) throw new HttpError(404, REPORT_VIEW_MESSAGES.shareNotFound);
    const budget = await consumeThrottle(
      db,
      `shared-report:${tokenHash}`,
      SHARED_REPORT_RATE_PER_HOUR,
      HOUR_MS,
      now(),
    );
    if (!budget.allowed) {
      throw new TooManyRequestsError(
        REPORT_VIEW_MESSAGES.shareRateExceeded,
        budget.retryAfterSeconds,
      );
    }
    return found.order;
  }

  return {
    async viewForOwner(userId: string, orderId: string): Promise<ReportViewResponse> {
      const order = await ownCompletedOrder(userId, orderId);
      return {
        orderId: order.id,
        ...(await pageOf(order)),
        pdfUrl: deps.links.urlFor(order),
        shareable: order.status === 'Completed',
      };
    },

    /** A new share link (replacing an earlier one), valid SHARE_LINK_DAYS days. */
    async share(userId: string, orderId: string): Promise<ReportShare> {
      const order = await findOrder(db, orderId);
      if (!order || order.userId !== userId) {
        throw new HttpError(404, REPORT_VIEW_MESSAGES.notFound);
      }
      if (order.status !== 'Completed') {
        throw new HttpError(409, REPORT_VIEW_MESSAGES.shareNotCompleted);
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SHARE_LINK_DAYS * DAY_MS);
      await upsertShare(db, { orderId, tokenHash: hashToken(token), expiresAt });
      return {
        url: `${deps.publicUrl}${SHARED_REPORT_PAGE_PREFIX}${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    async revoke(userId: string, orderId: string): Promise<void> {
      const order = await findOrder(db, orderId);
      if (!order || order.userId !== userId) {
        throw new HttpError(404, REPORT_VIEW_MESSAGES.notFound);
      }
      await deleteShare(db, orderId);
    },

    async shareStatus(userId: string, orderId: string): Promise<ReportShareStatus> {
      const order = await findOrder(db, orderId);
      if (!order || order.userId !== userId) {
        throw new HttpError(404, REPORT_VIEW_MESSAGES.notFound);
      }
      const share = await findShareOfOrder(db, orderId);
      const live = share && share.expiresAt > now();
      return {
        shared: Boolean(live),
        expiresAt: live ? share.expiresAt.toISOString() : null,
        opens: share?.opens ?? 0,
      };
    },

    /** Whether `token` opens a report now: the share page's 200 or 404. */
    async isLiveShare(token: string): Promise<boolean> {
      if (!TOKEN_PATTERN.test(token)) return false;
      return Boolean(await findSharedOrder(db, hashToken(token), now()));
    },

    /** The shared page's data; one more open of the link. Never the owner's e-mail. */
    async sharedView(token: string): Promise<SharedReport> {
      const order = await openShare(token);
      await countShareOpen(db, order.id);
      return {
        ...(await pageOf(order)),
        pdfUrl: `${API_PREFIX}/shared-reports/${token}/pdf`,
      };
    },

    /** The shared report's PDF: the order's current report (an admin's upload replaces it). */
    async sharedPdf(token: string): Promise<OpenedReport> {
      const order = await openShare(token);
      const stored = order.reportKey ? await deps.storage.get(order.reportKey) : null;
      if (!stored) throw new HttpError(404, REPORT_VIEW_MESSAGES.shareNotFound);
      return { order, ...stored };
    },
  };
}

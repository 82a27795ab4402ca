import { ORDER_MESSAGES } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { consumeThrottle, releaseThrottle } from '../../db/throttles.repo.ts';
import { TooManyRequestsError } from '../../http/errors.ts';

const HOUR_MS = 3_600_000;
const SERVICE_KEY = 'report-precheck:service';
const accountKey = (userId: string) => `report-preview:user:${userId}`;

/**
 * The budgets of the history provider's free question (docs/limits.md, "Report previews and
 * order pre-checks"), counted in the database: one per account and hour for previews and for
 * orders that end without a spend, and one for the whole service and hour on every question
 * that does not end in a spend, which protects the provider account.
 */
export function createPrecheckBudgets(deps: {
  db: Db;
  perUserHour: number;
  servicePerHour: number;
}) {
  const { db } = deps;

  return {
    /** Counts a preview against both budgets before it asks the provider; 429 beyond either. */
    async takePreview(userId: string): Promise<void> {
      const max = deps.perUserHour;
      const account = await consumeThrottle(db, accountKey(userId), max, HOUR_MS);
      if (!account.allowed) {
        throw new TooManyRequestsError(
          ORDER_MESSAGES.previewQuota(max, account.retryAfterSeconds),
          account.retryAfterSeconds,
        );
      }
      const service = await consumeThrottle(db, SERVICE_KEY, deps.servicePerHour, HOUR_MS);
      if (!service.allowed) {
        // The preview did not happen: the account keeps its unit.
        await releaseThrottle(db, accountKey(userId));
        throw new TooManyRequestsError(
          ORDER_MESSAGES.previewServiceQuota(service.retryAfterSeconds),
          service.retryAfterSeconds,
        );
      }
    },

    /**
     * Takes a unit of the service's budget for an order's pre-check; false beyond it, and the
     * order goes ahead without asking. Given back by `orderSpent`.
     */
    async takeOrderPrecheck(): Promise<boolean> {
      return (await consumeThrottle(db, SERVICE_KEY, deps.servicePerHour, HOUR_MS)).allowed;
    },

    /** The order was paid for: its pre-check was not free, so it counts against nothing. */
    async orderSpent(precheckTaken: boolean): Promise<void> {
      if (precheckTaken) await releaseThrottle(db, SERVICE_KEY);
    },

    /**
     * An order ended without a spend (402, 409, 422): it counts against the account's budget,
     * never refused by it (the answer is already a refusal).
     */
    async orderRefused(userId: string): Promise<void> {
      await consumeThrottle(db, accountKey(userId), deps.perUserHour, HOUR_MS);
    },
  };
}

export type PrecheckBudgets = ReturnType<typeof createPrecheckBudgets>;

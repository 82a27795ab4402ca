import { purchaseDescription, type CreditHistoryItem } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { getBalance, listPurchases } from './credits.repo.ts';

/** Purchases the history shows: more than a customer makes in years, bounded for the page. */
const HISTORY_LIMIT = 200;

export type CreditsService = ReturnType<typeof createCreditsService>;

/** What a customer sees of their credit: the balance and the purchases that made it. */
export function createCreditsService({ db }: { db: Db }) {
  return {
    balanceOf: (userId: string): Promise<number> => getBalance(db, userId),

    /** The user's credit purchases, newest first. */
    async purchaseHistory(userId: string): Promise<CreditHistoryItem[]> {
      const rows = await listPurchases(db, userId, HISTORY_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        description: purchaseDescription(row.description),
        credit: row.credits,
        amount: row.amountCents,
        status: row.status,
        message: row.failureMessage,
      }));
    },
  };
}

import { formatCents } from '@vr/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { noticeMail, type Mailer } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { authUsers, paymentIntents } from '../../db/schema.ts';
import { getBalance } from '../credits/credits.ledger.ts';

export interface ReceiptDeps {
  db: Db;
  mailer: Mailer;
  productName: string;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

/**
 * Mails a receipt for every succeeded purchase that has none yet. Each intent is claimed with one
 * UPDATE before its mail goes out, so whichever request reports the success first (confirm,
 * 3-D Secure, status check, webhook) sends it, and only once.
 */
export async function sendPendingReceipts(deps: ReceiptDeps): Promise<number> {
  const claimed = await deps.db
    .update(paymentIntents)
    .set({ receiptSentAt: new Date() })
    .where(and(eq(paymentIntents.status, 'succeeded'), isNull(paymentIntents.receiptSentAt)))
    .returning();
  for (const intent of claimed) {
    const [user] = await deps.db
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, intent.userId));
    if (!user) continue;
    const balance = await getBalance(deps.db, intent.userId);
    const amount = formatCents(intent.amountCents, intent.currency);
    await deps.mailer
      .send(
        noticeMail({
          to: user.email,
          subject: `${deps.productName}: receipt for ${intent.credits} credits`,
          paragraphs: [
            `Thank you for your purchase (payment ${intent.id}).`,
            `Package: ${intent.description}. Credits: ${intent.credits}. Amount charged: ${amount}.`,
            `Your balance is now ${balance} ${balance === 1 ? 'credit' : 'credits'}. Credits never expire.`,
          ],
          link: { label: 'Open your dashboard', url: `${deps.publicUrl}/dashboard` },
        }),
      )
      .catch((err: unknown) => deps.log.error({ err, intentId: intent.id }, 'receipt mail failed'));
  }
  return claimed.length;
}

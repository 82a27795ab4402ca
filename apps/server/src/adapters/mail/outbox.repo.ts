import { outbox } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';

/** Keeps a mail in `outbox`; its row id, or null when a mail with its message id is kept already. */
export async function keepInOutbox(
  db: DbOrTx,
  mail: typeof outbox.$inferInsert,
): Promise<number | null> {
  const [row] = await db
    .insert(outbox)
    .values(mail)
    .onConflictDoNothing({ target: outbox.messageId })
    .returning({ id: outbox.id });
  return row?.id ?? null;
}

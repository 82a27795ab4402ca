import { eq } from 'drizzle-orm';
import { sandboxRecallCampaigns } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';

/** The campaigns the sandbox published for a make, model and year (its recalls key). */
export async function findPublishedCampaigns(db: DbOrTx, vehicleKey: string): Promise<unknown[]> {
  const rows = await db
    .select({ campaign: sandboxRecallCampaigns.campaign })
    .from(sandboxRecallCampaigns)
    .where(eq(sandboxRecallCampaigns.vehicleKey, vehicleKey));
  return rows.map((r) => r.campaign);
}

/** The model names the sandbox published campaigns for, for a make and year (its models key). */
export async function findPublishedModels(db: DbOrTx, modelsKey: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ model: sandboxRecallCampaigns.model })
    .from(sandboxRecallCampaigns)
    .where(eq(sandboxRecallCampaigns.modelsKey, modelsKey));
  return rows.map((r) => r.model);
}

/** Keeps a published campaign; false when its campaign number is taken already. */
export async function insertPublishedCampaign(
  db: DbOrTx,
  row: typeof sandboxRecallCampaigns.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(sandboxRecallCampaigns)
    .values(row)
    .onConflictDoNothing()
    .returning({ n: sandboxRecallCampaigns.campaignNumber });
  return inserted.length === 1;
}

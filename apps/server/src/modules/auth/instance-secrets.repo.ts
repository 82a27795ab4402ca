import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { instanceSecrets } from '../../db/schema.ts';

/**
 * Stores `candidate` under `name` unless a secret is there already, and returns the stored one:
 * instances starting together all end with the first one written.
 */
export async function keepFirstSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(instanceSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const rows = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, name));
  return rows[0]!.value;
}

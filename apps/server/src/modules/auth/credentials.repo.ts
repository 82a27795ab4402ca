import { and, eq } from 'drizzle-orm';
import { authAccounts, authUsers } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';

/** An account's e-mail/password credential: better-auth's password hash. */
export interface PasswordCredential {
  userId: string;
  emailVerified: boolean;
  passwordHash: string | null;
}

export async function findPasswordCredential(
  db: DbOrTx,
  email: string,
): Promise<PasswordCredential | undefined> {
  const [row] = await db
    .select({
      userId: authUsers.id,
      emailVerified: authUsers.emailVerified,
      passwordHash: authAccounts.password,
    })
    .from(authUsers)
    .leftJoin(
      authAccounts,
      and(
        eq(authAccounts.userId, authUsers.id),
        eq(authAccounts.providerId, 'credential'),
        eq(authAccounts.accountId, authUsers.id),
      ),
    )
    .where(eq(authUsers.email, email))
    .limit(1);
  return row;
}

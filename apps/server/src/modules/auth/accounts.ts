import type { AuthUser } from '@vr/contracts';
import type { DbOrTx } from '../../db/transaction.ts';

/**
 * What the account flows need of the accounts' profiles and roles. The users module has them
 * (`createUsersService`); they are passed in, so auth does not import users, which imports the
 * guards from here.
 */
export interface AuthAccounts {
  /** The account of an address, if it has one (accounts exist only once verified). */
  findAccountByEmail(email: string): Promise<{ id: string; email: string } | undefined>;
  /** The user as the contract shows it, with the role; undefined when the account is gone. */
  loadAuthUser(userId: string): Promise<AuthUser | undefined>;
  /** Gives an account that proved its e-mail its profile, in the caller's transaction if given. */
  grantProfileOnEmailVerified(user: { id: string; email: string }, tx?: DbOrTx): Promise<void>;
}

import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** A Drizzle transaction on either driver. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a repository function runs on: the database, or the caller's transaction, so its writes
 * land or roll back with the caller's.
 */
export type DbOrTx = Db | Tx;

function isTransaction(db: DbOrTx): db is Tx {
  return is(db, PgTransaction);
}

/**
 * Runs `work` inside the caller's transaction when given one (no savepoint: it is one unit of
 * work with the caller's), else in a new transaction.
 */
export function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}

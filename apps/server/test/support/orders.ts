import type { LightMyRequestResponse } from 'fastify';
import { adjustTo } from '../../src/modules/credits/credit-ledger.ts';
import { createVerifiedUser } from '../auth-support.ts';
import type { TestApp } from './app.ts';

/** A new customer with one credit orders a report of `vin`, the request carrying `requestId`. */
export async function orderAsNewCustomer(
  t: TestApp,
  vin: string,
  requestId: string,
): Promise<LightMyRequestResponse> {
  const user = await createVerifiedUser(t.app, t.database.db);
  await adjustTo(t.database.db, { userId: user.userId, newBalance: 1, actorId: 'test' });
  return t.app.inject({
    method: 'POST',
    url: '/api/api/report-orders',
    headers: { authorization: `Bearer ${user.token}`, 'x-request-id': requestId },
    payload: { vin },
  });
}

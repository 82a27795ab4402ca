/**
 * The load of `bench/instances.ts`, run as its own process so that the server's cores are not
 * also generating requests: autocannon against one or more servers, each request taking the next
 * customer (token and body) in turn. Reads its plan as JSON from argv[2], prints figures as JSON.
 */
import autocannon from 'autocannon';
import { accordVin } from '../e2e/support/vins.ts';

export interface LoadPlan {
  urls: string[];
  path: string;
  /** Connections per URL. */
  connections: number;
  seconds: number;
  customers: { token: string; body: unknown }[];
  /**
   * Each request's body also orders a VIN no request ordered before, as customers do: an open
   * order of a VIN is not ordered again (409).
   */
  freshVin?: boolean;
  /** Where this run's VIN series start, past those of earlier runs on the same database. */
  firstVin?: number;
}

/** VINs of one URL's requests: a series of its own (accordVin takes up to 400,000). */
const VINS_PER_URL = 100_000;

export interface LoadFigures {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
}

async function loadOne(plan: LoadPlan, url: string, index: number): Promise<autocannon.Result> {
  let next = index * 7;
  let vins = (plan.firstVin ?? 0) + index * VINS_PER_URL;
  return autocannon({
    url,
    connections: plan.connections,
    duration: plan.seconds,
    requests: [
      {
        method: 'POST',
        path: plan.path,
        setupRequest: (request) => {
          const customer = plan.customers[next++ % plan.customers.length]!;
          return {
            ...request,
            headers: {
              ...request.headers,
              authorization: `Bearer ${customer.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify(
              plan.freshVin
                ? { ...(customer.body as object), vin: accordVin(vins++) }
                : customer.body,
            ),
          };
        },
      },
    ],
  });
}

const plan = JSON.parse(process.argv[2]!) as LoadPlan;
const results = await Promise.all(plan.urls.map((url, i) => loadOne(plan, url, i)));
const ok = results.reduce((n, r) => n + r['2xx'], 0);
const figures: LoadFigures = {
  perSecond: Math.round(ok / plan.seconds),
  // Per-URL percentiles, the slower one reported: both instances carry half of the load.
  p50Ms: Math.max(...results.map((r) => r.latency.p50)),
  p99Ms: Math.max(...results.map((r) => r.latency.p99)),
  ok,
  non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);

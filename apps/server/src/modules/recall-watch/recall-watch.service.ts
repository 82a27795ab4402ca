import { randomUUID } from 'node:crypto';
import {
  API_PREFIX,
  campaignsByUrgency,
  RECALL_ALERT_EVERY_HOURS,
  RECALL_UNSUBSCRIBE_PATH,
  type WatchedVehicle,
  type WatchedVehiclesResponse,
} from '@vr/contracts';
import {
  publishSampleRecall,
  RecallsProviderError,
  vehicleRecalls,
  type RecallCampaign,
  type RecallsProvider,
} from '../../adapters/recalls/index.ts';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { recallAlertsSent, recallWatchCalls, recallWatchVehicles } from '../../lib/metrics.ts';
import { findCustomerEmail } from '../orders/index.ts';
import { recallVehicle } from '../reports/index.ts';
import { createFreshRecalls, PassBudgetSpent } from './fresh-recalls.ts';
import { recallAlertMail, type RecallMailContext } from './recall-watch.mails.ts';
import {
  alertedSince,
  countWatched,
  customersToTell,
  insertAlert,
  lastPassAt,
  lockCustomerWatches,
  markBaselineAndChecked,
  recordCampaigns,
  releaseLease,
  reportRecallsOf,
  setWatching,
  takeLease,
  tellUntold,
  turnOffWatches,
  watchById,
  watchesOf,
  watchesToCheck,
  type RecallWatchRow,
} from './recall-watch.repo.ts';
import { createUnsubscribeTokens, type UnsubscribeTarget } from './unsubscribe-tokens.ts';

export interface RecallWatchDeps {
  db: Db;
  jobs: JobSender;
  mail: RecallMailContext;
  /** The recalls provider itself, not its day-long cache: a pass must see today's campaigns. */
  provider: RecallsProvider;
  decoder: Pick<VinDecoder, 'decode'>;
  /** The server's secret: it signs the unsubscribe links. */
  secret: string;
  /** RECALL_WATCH_CALLS_PER_PASS: provider calls one pass may make. */
  callsPerPass: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** What one pass did; `ran` false when another pass held the lease. */
export interface PassOutcome {
  ran: boolean;
  vehicles: number;
  providerCalls: number;
  /** Campaigns found new on some watched vehicle. */
  found: number;
  alerts: number;
  /** Vehicles left for the next pass because the call budget was spent, or the provider failed. */
  leftOver: number;
}

/**
 * A pass holds the lease this long at most: longer than the job may run (its queue expires it
 * after 30 minutes), so a pass whose process died frees the lease for the next one.
 */
export const PASS_LEASE_MS = 35 * 60 * 1000;

const HOUR_MS = 3_600_000;

export type RecallWatchService = ReturnType<typeof createRecallWatchService>;

/**
 * Recall watch (docs/product-rules.md#recall-watch): the vehicles customers ordered reports for,
 * asked about fresh at every pass, and one alert a day per customer for the campaigns new to
 * them. A pass is one at a time across all instances (a lease row), asks the provider with no
 * transaction open, and tells each customer in one transaction that marks the campaigns told and
 * queues the mail, so a campaign is mailed once per customer and vehicle whatever reruns.
 */
export function createRecallWatchService(deps: RecallWatchDeps) {
  const { db, jobs, mail, provider, log } = deps;
  const tokens = createUnsubscribeTokens(deps.secret);
  const unsubscribeUrl = (target: UnsubscribeTarget) =>
    `${mail.publicUrl}${API_PREFIX}${RECALL_UNSUBSCRIBE_PATH}/${tokens.tokenFor(target)}`;

  function view(entry: Awaited<ReturnType<typeof watchesOf>>[number], now: Date): WatchedVehicle {
    const { watch, found } = entry;
    const campaigns = campaignsByUrgency(
      found.map((f) => ({ ...f.campaign, foundAt: f.foundAt.toISOString() })),
    );
    return {
      id: watch.id,
      vin: watch.vin,
      vehicle: watch.vehicle,
      orderId: watch.orderId,
      watchUntil: watch.watchUntil.toISOString(),
      state: watch.watchUntil <= now ? 'ended' : watch.turnedOffAt ? 'off' : 'on',
      campaigns,
    };
  }

  /** Asks about one watch and records what is new to its customer; returns how many. */
  async function check(
    watch: { id: string; vin: string; baselineAt: Date | null; completedOrderId: string | null },
    recalls: RecallsProvider,
    now: Date,
  ): Promise<number> {
    const decoded = await deps.decoder.decode(watch.vin);
    const list = await vehicleRecalls(recalls, recallVehicle(decoded), AbortSignal.timeout(60_000));
    // On the first pass, what the report showed is what the customer already knows; a report
    // without its inputs (uploaded, or older) leaves what the provider lists now.
    const report =
      watch.baselineAt === null && watch.completedOrderId
        ? await reportRecallsOf(db, watch.completedOrderId)
        : null;
    const baseline: RecallCampaign[] | null =
      watch.baselineAt !== null ? null : report?.models.length ? report.campaigns : list.campaigns;
    const found = await db.transaction(async (tx) => {
      if (baseline) await recordCampaigns(tx, watch.id, baseline, { baseline: true, at: now });
      const added = await recordCampaigns(tx, watch.id, list.campaigns, {
        baseline: false,
        at: now,
      });
      await markBaselineAndChecked(tx, watch.id, now, baseline !== null);
      return added;
    });
    return found;
  }

  /**
   * Mails the customer the campaigns found and not told yet, unless an alert went out in the
   * last RECALL_ALERT_EVERY_HOURS (they wait for the next pass). Told rows, the alert and its
   * mail job commit together; the customer's watches are locked meanwhile, so two passes at
   * once cannot both tell. Returns the number of campaigns told (0: no mail).
   */
  function tellCustomer(userId: string, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      await lockCustomerWatches(tx, userId);
      const since = new Date(now.getTime() - RECALL_ALERT_EVERY_HOURS * HOUR_MS);
      if (await alertedSince(tx, userId, since)) return 0;
      const email = await findCustomerEmail(tx, userId);
      if (!email) return 0;
      const alertId = randomUUID();
      const told = await tellUntold(tx, userId, alertId, now);
      const count = told.reduce((n, t) => n + t.campaigns.length, 0);
      if (count === 0) return 0;
      await insertAlert(tx, { id: alertId, userId, campaigns: count, createdAt: now });
      const message = recallAlertMail(mail, {
        to: email,
        sandbox: provider.sandbox,
        unsubscribeAllUrl: unsubscribeUrl({ userId }),
        vehicles: told.map(({ watch, campaigns }) => ({
          vin: watch.vin,
          vehicle: watch.vehicle,
          campaigns,
          unsubscribeUrl: unsubscribeUrl({ watchId: watch.id }),
        })),
      });
      await enqueueMail(jobs, tx, message);
      return count;
    });
  }

  return {
    async watchedVehicles(userId: string, now = new Date()): Promise<WatchedVehiclesResponse> {
      const entries = await watchesOf(db, userId);
      return { vehicles: entries.map((e) => view(e, now)), sandbox: provider.sandbox };
    },

    /** The customer turns one of their watches on or off; 404 when it is not theirs. */
    async setWatching(userId: string, watchId: string, watching: boolean, now = new Date()) {
      const row = await setWatching(db, { userId, watchId }, watching, now);
      if (!row) throw new HttpError(404, 'No such vehicle.');
      const [entry] = (await watchesOf(db, userId)).filter((e) => e.watch.id === row.id);
      return view(entry!, now);
    },

    /** The vehicles an unsubscribe token names, changing nothing (the link's GET page). */
    async unsubscribeTarget(token: string): Promise<RecallWatchRow[] | null> {
      const target = tokens.read(token);
      if (!target) return null;
      if ('userId' in target) return (await watchesOf(db, target.userId)).map((e) => e.watch);
      const row = await watchById(db, target.watchId);
      return row ? [row] : [];
    },

    /** Turns off what a valid token names (RFC 8058 one-click); null when it is not valid. */
    async unsubscribe(token: string, now = new Date()): Promise<RecallWatchRow[] | null> {
      const target = tokens.read(token);
      if (!target) return null;
      return turnOffWatches(db, target, now);
    },

    unsubscribeUrl,

    /**
     * One pass: every vehicle watched, asked fresh (each make, model and year once, at most
     * `callsPerPass` calls, the least recently checked vehicles first), then one alert per
     * customer with something new. Returns without work when another pass holds the lease.
     */
    async runPass(now = new Date()): Promise<PassOutcome> {
      const holder = randomUUID();
      const outcome: PassOutcome = {
        ran: false,
        vehicles: 0,
        providerCalls: 0,
        found: 0,
        alerts: 0,
        leftOver: 0,
      };
      if (!(await takeLease(db, holder, now, new Date(now.getTime() + PASS_LEASE_MS)))) {
        log.info({}, 'recall watch pass skipped: another pass is running');
        return outcome;
      }
      outcome.ran = true;
      const fresh = createFreshRecalls({ db, provider, budget: deps.callsPerPass, now });
      try {
        const watches = await watchesToCheck(db, now);
        outcome.vehicles = watches.length;
        for (const watch of watches) {
          try {
            outcome.found += await check(watch, fresh.provider, now);
          } catch (err) {
            if (err instanceof PassBudgetSpent) {
              outcome.leftOver = watches.length - watches.indexOf(watch);
              log.warn(
                { calls: fresh.calls(), leftOver: outcome.leftOver },
                'recall watch pass: provider call budget spent; the rest wait for the next pass',
              );
              break;
            }
            if (!(err instanceof RecallsProviderError)) throw err;
            outcome.leftOver += 1;
            log.warn(
              { err, watchId: watch.id },
              'recall watch: the provider failed; retried next pass',
            );
          }
        }
        for (const userId of await customersToTell(db, now)) {
          const told = await tellCustomer(userId, now);
          if (told > 0) {
            outcome.alerts += 1;
            recallAlertsSent.inc();
          }
        }
        outcome.providerCalls = fresh.calls();
        recallWatchCalls.observe(outcome.providerCalls);
        recallWatchVehicles.set(await countWatched(db, now));
        log.info({ pass: outcome }, 'recall watch pass done');
        return outcome;
      } finally {
        await releaseLease(db, holder, now);
      }
    },

    lastPassAt: () => lastPassAt(db),

    /**
     * The sandbox publishes a new sample campaign for a make, model and year (CLI and tests);
     * refused with the real provider, which publishes nothing of ours.
     */
    async publishSample(vehicle: {
      make: string;
      model: string;
      modelYear: number;
      parkIt?: boolean;
    }): Promise<RecallCampaign> {
      if (!provider.sandbox) {
        throw new HttpError(
          409,
          'Only the sandbox recalls provider (RECALLS_PROVIDER=sandbox) publishes samples.',
        );
      }
      return publishSampleRecall(db, vehicle);
    },
  };
}

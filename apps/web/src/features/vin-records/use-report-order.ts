import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ORDER_MESSAGES,
  REPORT_COST_CREDITS,
  TIMINGS,
  vehicleLabel,
  type VehicleSummary,
} from '@vr/contracts';
import { useEffect, useEffectEvent, type Dispatch } from 'react';
import { useToast } from '../../components/toast/toast-context.ts';
import { ApiError } from '../../lib/api.ts';
import { CREDIT_KEYS, useFreshBalance } from '../../lib/credits.ts';
import { ORDER_KEYS, createReportOrder, fetchMyOrders } from './api.ts';
import type { ExistingOrder, Lookup, LookupEvent } from './lookup-state.ts';

const newKey = () => globalThis.crypto.randomUUID();

interface OrderRequest {
  vehicle: VehicleSummary;
  /** A new report of a vehicle the customer has a Completed one of. */
  fresh: boolean;
}

/**
 * Orders a vehicle's report for one credit (docs/product-rules.md#lookups), telling the lookup's
 * state machine how it went: the balance is asked fresh first; a new idempotency key per order,
 * so that a retried request returns the first order; the customer's order of the VIN that the
 * server names instead is shown, nothing charged.
 */
export function useReportOrder(dispatch: Dispatch<LookupEvent>) {
  const client = useQueryClient();
  const toast = useToast();
  const freshBalance = useFreshBalance();
  const place = useMutation({
    mutationFn: async ({ vehicle, fresh }: OrderRequest) => {
      const label = vehicleLabel({ year: vehicle.year, make: vehicle.make, model: vehicle.model });
      const placed = await createReportOrder(
        { vin: vehicle.vin, vehicle: label, ...(fresh ? { fresh } : {}) },
        newKey(),
      );
      if (!('existing' in placed)) return { label, existing: null };
      const earlier = (await fetchMyOrders()).find((o) => o.id === placed.existing.orderId);
      const existing: ExistingOrder = {
        ...placed.existing,
        completed: earlier?.status === 'Completed',
      };
      return { label, existing };
    },
    onMutate: ({ vehicle }) => dispatch({ type: 'orderPlaced', vehicle }),
    onSuccess: ({ label, existing }, { vehicle }) => {
      if (existing) {
        dispatch({ type: 'alreadyOrdered', vehicle, existing });
        return;
      }
      dispatch({ type: 'ordered', vehicle });
      toast.success(`Report ordered for ${label}. We e-mail you when it is ready.`);
    },
    onError: (err, { vehicle }) =>
      dispatch({
        type: 'orderFailed',
        vehicle,
        message:
          err instanceof ApiError && err.status === 402
            ? null
            : ORDER_MESSAGES.failedToOrder(err.message),
      }),
    onSettled: async () => {
      // The next preview of the vehicle must name this order.
      client.removeQueries({ queryKey: ['orders', 'preview'] });
      await Promise.all([
        client.invalidateQueries({ queryKey: ORDER_KEYS.mine }),
        client.invalidateQueries({ queryKey: CREDIT_KEYS.balance }),
      ]);
    },
  });

  return async (vehicle: VehicleSummary, fresh = false) => {
    if ((await freshBalance()) < REPORT_COST_CREDITS) {
      dispatch({ type: 'creditShort', vehicle });
      return;
    }
    place.mutate({ vehicle, fresh });
  };
}

/**
 * Orders the vehicle of `due` (a plate search's, found) after the moment the customer has to
 * cancel it; armed once per found vehicle, disarmed when `due` goes.
 */
export function useAutoOrder(
  due: Extract<Lookup, { phase: 'found' }> | null,
  order: (vehicle: VehicleSummary) => Promise<void>,
): void {
  const placeOrder = useEffectEvent((vehicle: VehicleSummary) => void order(vehicle));
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => placeOrder(due.vehicle), TIMINGS.autoOrderMs);
    return () => clearTimeout(timer);
  }, [due]);
}

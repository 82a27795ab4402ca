import { REPORT_COST_CREDITS, type VehicleSummary } from '@vr/contracts';
import { useReducer } from 'react';
import { useFreshBalance } from '../../lib/credits.ts';
import { decodeVin } from '../../lib/decode.ts';
import { lookupPlate } from '../../lib/plate-lookup.ts';
import { useReportPreview } from '../../lib/report-preview.ts';
import {
  INITIAL_LOOKUP,
  autoOrderPlanned,
  decodeFailure,
  existingOrder,
  lookupReducer,
} from './lookup-state.ts';
import { useAutoOrder, useReportOrder } from './use-report-order.ts';

/**
 * VIN Records' lookup (docs/product-rules.md#lookups): a VIN or a plate is looked up, the
 * vehicle found is previewed and its report ordered, automatically after a plate search. The
 * state is lookup-state.ts's machine; this runs the calls that move it.
 */
export function useVinLookup() {
  const [state, dispatch] = useReducer(lookupReducer, INITIAL_LOOKUP);
  const freshBalance = useFreshBalance();
  const order = useReportOrder(dispatch);
  const { lookup } = state;
  const preview = useReportPreview(lookup.phase === 'found' ? lookup.vehicle.vin : null);
  const noRecords = preview.data?.hasRecords === false;
  const existing = existingOrder(state, preview.data?.existing);
  const autoOrder = autoOrderPlanned(state, { noRecords, existing });
  // The automatic order waits for the preview (a failed preview leaves the check to the server).
  useAutoOrder(autoOrder && !preview.isPending && lookup.phase === 'found' ? lookup : null, order);

  /** Decodes a VIN the machine is decoding; one found from a plate is ordered if the balance covers it. */
  const decode = async (vin: string, fromPlate: boolean) => {
    let vehicle: VehicleSummary;
    try {
      vehicle = await decodeVin(vin);
    } catch (err) {
      dispatch({ type: 'failed', message: decodeFailure(vin, fromPlate, (err as Error).message) });
      return;
    }
    const covered = !fromPlate || (await freshBalance()) >= REPORT_COST_CREDITS;
    dispatch({ type: 'decoded', vehicle, fromPlate, covered });
  };

  const decodePlateVin = (vin: string) => {
    dispatch({ type: 'plateFound', vin });
    return decode(vin, true);
  };

  return {
    state,
    preview,
    noRecords,
    existing,
    autoOrder,
    order,
    editVin: () => dispatch({ type: 'vinEdited' }),
    searchVin: (vin: string) => {
      dispatch({ type: 'vinSearched', vin });
      void decode(vin, false);
    },
    searchPlate: async (plateState: string, plate: string) => {
      dispatch({ type: 'plateSearched', state: plateState, plate, at: Date.now() });
      let found: string;
      try {
        found = (await lookupPlate(plateState, plate)).vin!;
      } catch (err) {
        dispatch({ type: 'failed', message: (err as Error).message });
        return;
      }
      await decodePlateVin(found);
    },
    /** A VIN a plate search found before a detour (lib/lookup-intent.ts). */
    decodePlateVin,
    cancelAutoOrder: () => dispatch({ type: 'autoOrderCancelled' }),
  };
}

import {
  LOOKUP_MESSAGES,
  ORDER_MESSAGES,
  type ReportPreview,
  type VehicleSummary,
} from '@vr/contracts';

/*
 * VIN Records' lookup as a state machine without React (docs/product-rules.md#lookups): a plate
 * is looked up, its VIN decoded, the vehicle found, its report ordered. The hooks dispatch what
 * happened; the view reads the state through the selectors below.
 */

export type Lookup =
  | { phase: 'idle' }
  | { phase: 'plate'; state: string; plate: string; startedAt: number }
  | { phase: 'decoding'; vin: string; fromPlate: boolean }
  /** `autoOrder`: found from a plate, so ordered about 1 s later unless cancelled or refused. */
  | { phase: 'found'; vehicle: VehicleSummary; autoOrder: boolean }
  | { phase: 'ordering'; vehicle: VehicleSummary }
  | { phase: 'ordered'; vehicle: VehicleSummary };

/** The customer's order that a new one would repeat: opened or shown instead of charging. */
export interface ExistingOrder {
  orderId: string;
  message: string;
  completed: boolean;
}

export interface LookupState {
  lookup: Lookup;
  /** Why the last lookup or order failed. */
  error: string | null;
  /** The balance does not cover a report: the order waits for Buy Credits. */
  noCredit: boolean;
  /** The order the server named when asked for a second one of the vehicle. */
  orderedMeanwhile: ExistingOrder | null;
}

export const INITIAL_LOOKUP: LookupState = {
  lookup: { phase: 'idle' },
  error: null,
  noCredit: false,
  orderedMeanwhile: null,
};

export type LookupEvent =
  | { type: 'vinEdited' }
  | { type: 'vinSearched'; vin: string }
  | { type: 'plateSearched'; state: string; plate: string; at: number }
  /** The plate's VIN, or one found before a sign-in: decoded next. */
  | { type: 'plateFound'; vin: string }
  /** The plate lookup or the decode failed, with the text to show. */
  | { type: 'failed'; message: string }
  /** `covered`: the balance pays for a report (always true for a VIN search). */
  | { type: 'decoded'; vehicle: VehicleSummary; fromPlate: boolean; covered: boolean }
  | { type: 'autoOrderCancelled' }
  /** An order was asked for and the balance, fetched fresh, is short. */
  | { type: 'creditShort'; vehicle: VehicleSummary }
  | { type: 'orderPlaced'; vehicle: VehicleSummary }
  | { type: 'ordered'; vehicle: VehicleSummary }
  | { type: 'alreadyOrdered'; vehicle: VehicleSummary; existing: ExistingOrder }
  /** The server refused the order: `message` to show, or null for a balance too low (402). */
  | { type: 'orderFailed'; vehicle: VehicleSummary; message: string | null };

const CLEAR = { error: null, noCredit: false, orderedMeanwhile: null } as const;

/** Back at the found vehicle, with nothing ordered automatically any more. */
const foundAgain = (vehicle: VehicleSummary): Lookup => ({
  phase: 'found',
  vehicle,
  autoOrder: false,
});

export function lookupReducer(state: LookupState, event: LookupEvent): LookupState {
  switch (event.type) {
    case 'vinEdited':
      return { ...state, error: null };
    case 'vinSearched':
      return { ...CLEAR, lookup: { phase: 'decoding', vin: event.vin, fromPlate: false } };
    case 'plateSearched':
      return {
        ...CLEAR,
        lookup: { phase: 'plate', state: event.state, plate: event.plate, startedAt: event.at },
      };
    case 'plateFound':
      return { ...state, lookup: { phase: 'decoding', vin: event.vin, fromPlate: true } };
    case 'failed':
      return { ...state, lookup: { phase: 'idle' }, error: event.message };
    case 'decoded':
      return {
        ...state,
        noCredit: !event.covered,
        lookup: {
          phase: 'found',
          vehicle: event.vehicle,
          autoOrder: event.fromPlate && event.covered,
        },
      };
    case 'autoOrderCancelled':
      return state.lookup.phase === 'found'
        ? { ...state, lookup: foundAgain(state.lookup.vehicle) }
        : state;
    case 'creditShort':
      return { ...state, noCredit: true, lookup: foundAgain(event.vehicle) };
    case 'orderPlaced':
      return { ...CLEAR, lookup: { phase: 'ordering', vehicle: event.vehicle } };
    case 'ordered':
      return { ...state, lookup: { phase: 'ordered', vehicle: event.vehicle } };
    case 'alreadyOrdered':
      return { ...state, orderedMeanwhile: event.existing, lookup: foundAgain(event.vehicle) };
    case 'orderFailed':
      return event.message === null
        ? { ...state, noCredit: true, lookup: foundAgain(event.vehicle) }
        : { ...state, error: event.message, lookup: foundAgain(event.vehicle) };
  }
}

/** A lookup or an order is under way: the search forms wait. */
export function isBusy({ lookup }: LookupState): boolean {
  return lookup.phase === 'plate' || lookup.phase === 'decoding' || lookup.phase === 'ordering';
}

/** The line above the progress bar while a plate is looked up or a VIN decoded. */
export function progressText({ lookup }: LookupState, elapsedSeconds: number): string | null {
  if (lookup.phase === 'plate') {
    return `Looking up ${lookup.state} plate ${lookup.plate}… ${elapsedSeconds} s (this can take up to 20 seconds)`;
  }
  if (lookup.phase === 'decoding') return `Found VIN ${lookup.vin}. Decoding the vehicle…`;
  return null;
}

/** The vehicle whose details are shown: found, being ordered or ordered. */
export function shownVehicle({ lookup }: LookupState): VehicleSummary | null {
  return lookup.phase === 'found' || lookup.phase === 'ordering' || lookup.phase === 'ordered'
    ? lookup.vehicle
    : null;
}

/** The order a new one would repeat: the server's answer to an order, else the preview's. */
export function existingOrder(
  state: LookupState,
  fromPreview: ReportPreview['existing'] | undefined,
): ExistingOrder | null {
  if (state.orderedMeanwhile) return state.orderedMeanwhile;
  return fromPreview
    ? {
        orderId: fromPreview.orderId,
        message: fromPreview.message,
        completed: fromPreview.status === 'Completed',
      }
    : null;
}

/**
 * The found vehicle to be ordered automatically (a plate search with the balance for it); none
 * when the preview finds no records or an order of the vehicle to open instead.
 */
export function autoOrderPlanned(
  state: LookupState,
  { noRecords, existing }: { noRecords: boolean; existing: ExistingOrder | null },
): boolean {
  return (
    state.lookup.phase === 'found' &&
    state.lookup.autoOrder &&
    !state.noCredit &&
    !noRecords &&
    !existing
  );
}

/** Why a decode failed: a VIN found from a plate says which VIN; a typed one, the decode's text. */
export function decodeFailure(vin: string, fromPlate: boolean, message: string): string {
  if (!fromPlate) return message;
  return message === LOOKUP_MESSAGES.decodeNetwork
    ? ORDER_MESSAGES.foundVinNoDetails(vin)
    : ORDER_MESSAGES.unableToDecode(vin);
}

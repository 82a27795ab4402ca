import { LOOKUP_MESSAGES, ORDER_MESSAGES, type VehicleSummary } from '@vr/contracts';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_LOOKUP,
  autoOrderPlanned,
  decodeFailure,
  existingOrder,
  isBusy,
  lookupReducer,
  progressText,
  shownVehicle,
  type LookupEvent,
  type LookupState,
} from '../src/features/vin-records/lookup-state.ts';

const HONDA: VehicleSummary = {
  vin: '1HGCM82633A004352',
  make: 'HONDA',
  model: 'Accord',
  year: '2003',
  engine: '6 cyl J30A4',
  transmission: 'Unknown',
  bodyClass: 'Coupe',
  fuelType: 'Gasoline',
};

const run = (...events: LookupEvent[]): LookupState => events.reduce(lookupReducer, INITIAL_LOOKUP);

const nothingInTheWay = { noRecords: false, existing: null };

describe('the VIN Records lookup state machine', () => {
  it('takes a plate search through the lookup and the decode to an automatic order', () => {
    const searching = run({ type: 'plateSearched', state: 'CA', plate: '7ABC123', at: 1000 });
    expect(isBusy(searching)).toBe(true);
    expect(progressText(searching, 4)).toBe(
      'Looking up CA plate 7ABC123… 4 s (this can take up to 20 seconds)',
    );

    const decoding = lookupReducer(searching, { type: 'plateFound', vin: HONDA.vin });
    expect(progressText(decoding, 4)).toBe(`Found VIN ${HONDA.vin}. Decoding the vehicle…`);

    const found = lookupReducer(decoding, {
      type: 'decoded',
      vehicle: HONDA,
      fromPlate: true,
      covered: true,
    });
    expect(isBusy(found)).toBe(false);
    expect(progressText(found, 4)).toBeNull();
    expect(shownVehicle(found)).toBe(HONDA);
    expect(autoOrderPlanned(found, nothingInTheWay)).toBe(true);
    // The preview can still call it off: no records, or an order of the vehicle to open instead.
    expect(autoOrderPlanned(found, { noRecords: true, existing: null })).toBe(false);
    const open = { orderId: 'o1', message: 'already ordered', completed: false };
    expect(autoOrderPlanned(found, { noRecords: false, existing: open })).toBe(false);

    const cancelled = lookupReducer(found, { type: 'autoOrderCancelled' });
    expect(autoOrderPlanned(cancelled, nothingInTheWay)).toBe(false);
    expect(shownVehicle(cancelled)).toBe(HONDA);
  });

  it('orders nothing automatically when the balance does not cover a report, and says so', () => {
    const found = run(
      { type: 'plateSearched', state: 'TX', plate: 'FORD150', at: 0 },
      { type: 'plateFound', vin: HONDA.vin },
      { type: 'decoded', vehicle: HONDA, fromPlate: true, covered: false },
    );
    expect(found.noCredit).toBe(true);
    expect(autoOrderPlanned(found, nothingInTheWay)).toBe(false);
  });

  it('never orders a typed VIN by itself', () => {
    const found = run(
      { type: 'vinSearched', vin: HONDA.vin },
      { type: 'decoded', vehicle: HONDA, fromPlate: false, covered: true },
    );
    expect(found.lookup).toEqual({ phase: 'found', vehicle: HONDA, autoOrder: false });
    expect(autoOrderPlanned(found, nothingInTheWay)).toBe(false);
  });

  it('shows a failed lookup until the VIN is edited or a new search starts', () => {
    const failed = run(
      { type: 'vinSearched', vin: HONDA.vin },
      { type: 'failed', message: LOOKUP_MESSAGES.decodeNetwork },
    );
    expect(failed.error).toBe(LOOKUP_MESSAGES.decodeNetwork);
    expect(isBusy(failed)).toBe(false);
    expect(shownVehicle(failed)).toBeNull();
    expect(lookupReducer(failed, { type: 'vinEdited' }).error).toBeNull();
    expect(
      lookupReducer(failed, { type: 'plateSearched', state: 'CA', plate: 'X', at: 0 }).error,
    ).toBeNull();
  });

  it('places an order, and on a refusal goes back to the vehicle with the reason', () => {
    const found = run(
      { type: 'vinSearched', vin: HONDA.vin },
      { type: 'decoded', vehicle: HONDA, fromPlate: false, covered: true },
    );
    const placing = lookupReducer(found, { type: 'orderPlaced', vehicle: HONDA });
    expect(isBusy(placing)).toBe(true);
    expect(shownVehicle(placing)).toBe(HONDA);

    const ordered = lookupReducer(placing, { type: 'ordered', vehicle: HONDA });
    expect(ordered.lookup.phase).toBe('ordered');
    expect(shownVehicle(ordered)).toBe(HONDA);

    const failed = lookupReducer(placing, {
      type: 'orderFailed',
      vehicle: HONDA,
      message: ORDER_MESSAGES.failedToOrder('boom'),
    });
    expect(failed.lookup.phase).toBe('found');
    expect(failed.error).toBe('Failed to order record: boom');
    expect(failed.noCredit).toBe(false);

    // 402: the balance ran out meanwhile; Buy Credits is offered instead of an error.
    const short = lookupReducer(placing, { type: 'orderFailed', vehicle: HONDA, message: null });
    expect(short.noCredit).toBe(true);
    expect(short.error).toBeNull();

    const retried = lookupReducer(failed, { type: 'orderPlaced', vehicle: HONDA });
    expect(retried.error).toBeNull();
  });

  it("shows the server's existing order of the vehicle before the preview's", () => {
    const earlier = { orderId: 'o1', message: 'You ordered this already.', completed: true };
    const answered = run(
      { type: 'vinSearched', vin: HONDA.vin },
      { type: 'decoded', vehicle: HONDA, fromPlate: false, covered: true },
      { type: 'orderPlaced', vehicle: HONDA },
      { type: 'alreadyOrdered', vehicle: HONDA, existing: earlier },
    );
    expect(answered.lookup).toEqual({ phase: 'found', vehicle: HONDA, autoOrder: false });
    const fromPreview = { orderId: 'o2', message: 'Being made.', status: 'Processing' as const };
    expect(existingOrder(answered, fromPreview)).toBe(earlier);
    expect(existingOrder(INITIAL_LOOKUP, fromPreview)).toEqual({
      orderId: 'o2',
      message: 'Being made.',
      completed: false,
    });
    expect(existingOrder(INITIAL_LOOKUP, null)).toBeNull();
  });

  it('keeps the credit warning when an order finds the balance short', () => {
    const found = run(
      { type: 'vinSearched', vin: HONDA.vin },
      { type: 'decoded', vehicle: HONDA, fromPlate: false, covered: true },
    );
    const short = lookupReducer(found, { type: 'creditShort', vehicle: HONDA });
    expect(short.noCredit).toBe(true);
    expect(short.lookup).toEqual({ phase: 'found', vehicle: HONDA, autoOrder: false });
  });
});

describe('a failed decode, worded', () => {
  it("gives a typed VIN the decode's own text, and names the VIN a plate search found", () => {
    expect(decodeFailure(HONDA.vin, false, 'VIN is invalid.')).toBe('VIN is invalid.');
    expect(decodeFailure(HONDA.vin, true, LOOKUP_MESSAGES.decodeNetwork)).toBe(
      ORDER_MESSAGES.foundVinNoDetails(HONDA.vin),
    );
    expect(decodeFailure(HONDA.vin, true, 'VIN is invalid.')).toBe(
      ORDER_MESSAGES.unableToDecode(HONDA.vin),
    );
  });
});

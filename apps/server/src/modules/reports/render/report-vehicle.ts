import { knownVpicValue, toVehicleSummary, UNKNOWN, type VpicResult } from '@vr/contracts';

/** One line of what the decode knows: a label and vPIC's value. */
export type VehicleFact = { label: string; value: string };

/** The vehicle as the report's first page names it; 'Unknown' where the decode found nothing. */
export type ReportVehicle = {
  vin: string;
  year: string;
  make: string;
  model: string;
  trim: string;
  engine: string;
  body: string;
  fuel: string;
  /** Where it was built: city, state and country as far as vPIC knows them. */
  plant: string;
  /** More of the build (doors, drive, GVWR...), only what the decode has. */
  details: VehicleFact[];
  /** The safety equipment the decode lists (air bags, ABS, ESC, TPMS...), only what it has. */
  safety: VehicleFact[];
};

/** vPIC variables of the build beyond the first page's basic ones, with the report's labels. */
const DETAIL_VARIABLES: readonly [variable: string, label: string][] = [
  ['Doors', 'Doors'],
  ['DriveType', 'Drive'],
  ['TransmissionStyle', 'Transmission'],
  ['GVWR', 'GVWR'],
  ['BrakeSystemType', 'Brakes'],
  ['ElectrificationLevel', 'Electrification'],
];

/** vPIC's safety equipment variables; the offline data holds few of them, the live service more. */
const SAFETY_VARIABLES: readonly [variable: string, label: string][] = [
  ['AirBagLocFront', 'Front air bags'],
  ['AirBagLocSide', 'Side air bags'],
  ['AirBagLocCurtain', 'Curtain air bags'],
  ['AirBagLocKnee', 'Knee air bags'],
  ['AirBagLocSeatCushion', 'Seat cushion air bags'],
  ['SeatBeltsAll', 'Seat belts'],
  ['Pretensioner', 'Belt pretensioners'],
  ['OtherRestraintSystemInfo', 'Other restraints'],
  ['ABS', 'Anti-lock brakes (ABS)'],
  ['ESC', 'Stability control (ESC)'],
  ['TractionControl', 'Traction control'],
  ['TPMS', 'Tire pressure monitor (TPMS)'],
  ['DaytimeRunningLight', 'Daytime running lights'],
  ['ForwardCollisionWarning', 'Forward collision warning'],
  ['CIB', 'Crash imminent braking'],
  ['DynamicBrakeSupport', 'Dynamic brake support'],
  ['PedestrianAutomaticEmergencyBraking', 'Pedestrian emergency braking'],
  ['LaneDepartureWarning', 'Lane departure warning'],
  ['LaneKeepSystem', 'Lane keeping assist'],
  ['BlindSpotMon', 'Blind spot warning'],
  ['RearCrossTrafficAlert', 'Rear cross traffic alert'],
  ['RearVisibilitySystem', 'Backup camera'],
  ['ParkAssist', 'Parking assist'],
  ['AdaptiveCruiseControl', 'Adaptive cruise control'],
];

const known = (value: string) => value !== UNKNOWN;

function facts(decoded: VpicResult, variables: readonly [string, string][]): VehicleFact[] {
  return variables.flatMap(([variable, label]) => {
    const value = knownVpicValue(decoded[variable]);
    return known(value) ? [{ label, value }] : [];
  });
}

/** From the app's decode answer (vPIC variable names), with the decode modal's wording. */
export function toReportVehicle(vin: string, decoded: VpicResult): ReportVehicle {
  const summary = toVehicleSummary(vin, decoded);
  const trim = knownVpicValue(decoded.Trim);
  const plant = [decoded.PlantCity, decoded.PlantState, decoded.PlantCountry]
    .map(knownVpicValue)
    .filter(known);
  return {
    vin,
    year: summary.year,
    make: summary.make,
    model: summary.model,
    // vPIC fills Series for many makes that leave Trim blank.
    trim: known(trim) ? trim : knownVpicValue(decoded.Series),
    engine: summary.engine,
    body: summary.bodyClass,
    fuel: summary.fuelType,
    plant: plant.length > 0 ? plant.join(', ') : UNKNOWN,
    details: facts(decoded, DETAIL_VARIABLES),
    safety: facts(decoded, SAFETY_VARIABLES),
  };
}

/**
 * The first page's facts of the vehicle: the VIN, then only what the decode knows, so no row
 * says "Unknown".
 */
export function vehicleFacts(vehicle: ReportVehicle): VehicleFact[] {
  const basic: VehicleFact[] = [
    { label: 'Year', value: vehicle.year },
    { label: 'Make', value: vehicle.make },
    { label: 'Model', value: vehicle.model },
    { label: 'Trim', value: vehicle.trim },
    { label: 'Engine', value: vehicle.engine },
    { label: 'Body', value: vehicle.body },
    { label: 'Fuel', value: vehicle.fuel },
    ...vehicle.details,
    { label: 'Plant', value: vehicle.plant },
  ];
  return [{ label: 'VIN', value: vehicle.vin }, ...basic.filter((f) => known(f.value))];
}

/** "2015 Honda Civic", leaving out what the decode did not find. */
export function vehicleName(vehicle: ReportVehicle): string {
  const name = [vehicle.year, vehicle.make, vehicle.model].filter(known).join(' ');
  return name === '' ? 'Vehicle' : name;
}

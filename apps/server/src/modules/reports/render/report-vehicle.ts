import { knownVpicValue, toVehicleSummary, UNKNOWN, type VpicResult } from '@vr/contracts';

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
};

const known = (value: string) => value !== UNKNOWN;

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
  };
}

/** "2015 Honda Civic", leaving out what the decode did not find. */
export function vehicleName(vehicle: ReportVehicle): string {
  const name = [vehicle.year, vehicle.make, vehicle.model].filter(known).join(' ');
  return name === '' ? 'Vehicle' : name;
}

/** The first page's vehicle facts, label and value; the web view lists the same. */
export function vehicleFacts(vehicle: ReportVehicle): [string, string][] {
  return [
    ['VIN', vehicle.vin],
    ['Year', vehicle.year],
    ['Make', vehicle.make],
    ['Model', vehicle.model],
    ['Trim', vehicle.trim],
    ['Engine', vehicle.engine],
    ['Body', vehicle.body],
    ['Fuel', vehicle.fuel],
    ['Plant', vehicle.plant],
  ];
}

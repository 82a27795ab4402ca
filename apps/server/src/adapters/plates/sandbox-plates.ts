/**
 * The sandbox's demo plates (README "Demo licence plates"): real VINs the offline vPIC data
 * decodes, across several states, plus one plate that fails and one that answers slowly, so
 * every outcome of the plate flow can be seen without a provider.
 */
export const SANDBOX_PLATES: readonly {
  state: string;
  plate: string;
  vin: string | null;
  vehicle: string;
  behaviour: 'found' | 'error' | 'slow';
}[] = [
  {
    state: 'CA',
    plate: '7ABC123',
    vin: '1HGCM82633A004352',
    vehicle: '2003 Honda Accord',
    behaviour: 'found',
  },
  {
    state: 'CA',
    plate: 'TESLA1',
    vin: '5YJSA1E27HF000337',
    vehicle: '2017 Tesla Model S',
    behaviour: 'found',
  },
  {
    state: 'TX',
    plate: 'FORD150',
    vin: '1FTFW1ET9DFC10312',
    vehicle: '2013 Ford F-150',
    behaviour: 'found',
  },
  {
    state: 'NY',
    plate: 'PRIUS09',
    vin: 'JTDKB20U293123456',
    vehicle: '2009 Toyota Prius',
    behaviour: 'found',
  },
  {
    state: 'FL',
    plate: 'KONA23',
    vin: 'KM8K2CAB4PU001140',
    vehicle: '2023 Hyundai Kona',
    behaviour: 'found',
  },
  {
    state: 'WA',
    plate: 'MALIBU1',
    vin: '1G1ZD5STXJF123456',
    vehicle: '2018 Chevrolet Malibu',
    behaviour: 'found',
  },
  {
    state: 'IL',
    plate: 'BMW328',
    vin: 'WBA3A5C53CF256789',
    vehicle: '2012 BMW 328i',
    behaviour: 'found',
  },
  {
    state: 'MI',
    plate: 'JEEP15',
    vin: '1C4RJFAG6FC123456',
    vehicle: '2015 Jeep Grand Cherokee',
    behaviour: 'found',
  },
  {
    state: 'CA',
    plate: 'SLOW123',
    vin: '2T1BURHE8JC123456',
    vehicle: '2018 Toyota Corolla',
    behaviour: 'slow',
  },
  { state: 'CA', plate: 'ERROR500', vin: null, vehicle: '', behaviour: 'error' },
];

/** The sandbox's stand-in for a provider outage, as a real provider would word it. */
export const SANDBOX_ERROR_MESSAGE =
  'The plate provider is temporarily unavailable. Please try again later.';

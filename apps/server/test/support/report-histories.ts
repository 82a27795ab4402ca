import type { VpicResult } from '@vr/contracts';
import type { RecallCampaign, RecallList } from '../../src/adapters/recalls/recalls-provider.ts';
import type {
  HistoryRecord,
  Odometer,
  VehicleHistory,
} from '../../src/adapters/vehicle-history/vehicle-history.ts';
import {
  toReportVehicle,
  type ReportVehicle,
} from '../../src/modules/reports/render/report-vehicle.ts';

/**
 * Hand-written report inputs, one per story a report must tell: a clean car, a salvage rebuilt,
 * an odometer rollback, a theft and its recovery, recorded liens, a brand washed by a title in
 * another state, and a VIN without records.
 * Invented records; the VINs carry correct check digits.
 */

export type ReportSample = {
  name: string;
  vehicle: ReportVehicle;
  history: VehicleHistory;
  recalls: RecallList;
};

const SANDBOX_PROVIDER = 'Sandbox history (invented records)';

const mi = (value: number, status: Odometer['status'] = 'actual'): Odometer => ({
  value,
  unit: 'mi',
  status,
});

function decoded(fields: Partial<Record<string, string>>): VpicResult {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? '']));
}

const CIVIC = decoded({
  ModelYear: '2016',
  Make: 'HONDA',
  Model: 'Civic',
  Trim: 'EX-L',
  DisplacementL: '1.5',
  EngineCylinders: '4',
  BodyClass: 'Sedan/Saloon',
  FuelTypePrimary: 'Gasoline',
  PlantCity: 'GREENSBURG',
  PlantState: 'INDIANA',
  PlantCountry: 'UNITED STATES (USA)',
  Doors: '4',
  DriveType: 'FWD/Front-Wheel Drive',
  GVWR: 'Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)',
  AirBagLocFront: '1st Row (Driver and Passenger)',
  AirBagLocCurtain: '1st and 2nd Rows',
  AirBagLocKnee: '',
  ABS: 'Standard',
  ESC: 'Standard',
  TractionControl: 'Not Applicable',
  TPMS: 'Direct',
});

const F150 = decoded({
  ModelYear: '2018',
  Make: 'FORD',
  Model: 'F-150',
  Series: 'F-Series',
  Trim: 'XLT SuperCrew 5.5-ft. Bed 4WD',
  DisplacementL: '3.5',
  EngineCylinders: '6',
  BodyClass: 'Pickup',
  FuelTypePrimary: 'Gasoline',
  PlantCity: 'DEARBORN',
  PlantState: 'MICHIGAN',
  PlantCountry: 'UNITED STATES (USA)',
});

const CAMRY = decoded({
  ModelYear: '2012',
  Make: 'TOYOTA',
  Model: 'Camry',
  Trim: 'LE',
  DisplacementL: '2.5',
  EngineCylinders: '4',
  BodyClass: 'Sedan/Saloon',
  FuelTypePrimary: 'Gasoline',
  PlantCity: 'GEORGETOWN',
  PlantState: 'KENTUCKY',
  PlantCountry: 'UNITED STATES (USA)',
});

const F150_RECALLS: RecallCampaign[] = [
  {
    campaignNumber: '19V005000',
    component: 'ELECTRICAL SYSTEM: WIRING: FRONT UNDERHOOD',
    summary:
      'Ford Motor Company (Ford) is recalling certain 2018 F-150 vehicles. The wiring harness that connects to the engine block heater may chafe against the exhaust manifold, which can wear through the insulation and lead to an electrical short.',
    consequence: 'An electrical short in the block heater harness increases the risk of a fire.',
    remedy:
      'Dealers will inspect the block heater harness routing and install a protective sleeve, free of charge. Owner notification letters were mailed March 4, 2019.',
    reportedOn: '2019-01-07',
    parkIt: false,
    parkOutside: true,
  },
  {
    campaignNumber: '18V641000',
    component: 'POWER TRAIN: AUTOMATIC TRANSMISSION: GEAR POSITION INDICATION (PRNDL)',
    summary:
      'Ford is recalling certain 2018 F-150 vehicles equipped with a 10-speed automatic transmission. The transmission may unexpectedly downshift into first gear at higher speeds.',
    consequence:
      'An unexpected downshift into first gear may cause a loss of vehicle control, increasing the risk of a crash.',
    remedy: 'Dealers will reprogram the powertrain control module, free of charge.',
    reportedOn: '2018-09-20',
    parkIt: false,
    parkOutside: false,
  },
];

const CAMRY_RECALL: RecallCampaign = {
  campaignNumber: '12V472000',
  component: 'ELECTRICAL SYSTEM: SWITCHES: POWER WINDOW',
  summary:
    "Toyota is recalling certain model year 2012 Camry vehicles. The driver's side power window master switch may not have been lubricated evenly during manufacturing.",
  consequence: 'A switch that melts could cause a fire.',
  remedy:
    'Dealers will inspect the power window master switch and apply a special fluorine grease, free of charge.',
  reportedOn: '2012-10-10',
  parkIt: false,
  parkOutside: false,
};

const sandboxRecalls = (campaigns: RecallCampaign[], models: string[]): RecallList => ({
  source: 'Sandbox recalls (NHTSA samples)',
  sandbox: true,
  models,
  campaigns,
});

function sample(
  name: string,
  vin: string,
  decode: VpicResult,
  records: HistoryRecord[],
  campaigns: RecallCampaign[] = [],
  /** The recall list's model names the vehicle matched: by default its own, in capitals. */
  recallModels = [decode.Model!.toUpperCase()],
): ReportSample {
  return {
    name,
    vehicle: toReportVehicle(vin, decode),
    history: { vin, provider: SANDBOX_PROVIDER, sandbox: true, records },
    recalls: sandboxRecalls(campaigns, recallModels),
  };
}

export const CLEAN = sample('clean', '19XFC1F74GE000001', CIVIC, [
  {
    kind: 'title',
    date: '2016-05-12',
    source: 'Indiana BMV',
    state: 'IN',
    odometer: mi(14),
    current: false,
  },
  {
    kind: 'sale-listing',
    date: '2019-08-30',
    source: 'Dealer listing',
    priceCents: 1_649_500,
    seller: 'Crossroads Honda',
    location: 'Indianapolis, IN',
    odometer: mi(41_870),
  },
  {
    kind: 'title',
    date: '2019-09-14',
    source: 'Indiana BMV',
    state: 'IN',
    odometer: mi(41_902),
    current: false,
  },
  {
    kind: 'title',
    date: '2023-02-02',
    source: 'Ohio BMV',
    state: 'OH',
    odometer: mi(78_455),
    current: true,
  },
]);

export const SALVAGE_REBUILT = sample(
  'salvage-rebuilt',
  '1FTEW1EG4JFA00002',
  F150,
  [
    {
      kind: 'title',
      date: '2018-03-02',
      source: 'Texas DMV',
      state: 'TX',
      odometer: mi(22),
      current: false,
    },
    {
      kind: 'accident',
      date: '2020-06-18',
      source: 'Gulf Coast Mutual Insurance',
      description:
        'Front-end collision; airbags deployed; vehicle towed from the scene on Interstate 10 near Beaumont, TX.',
    },
    {
      kind: 'junk-salvage-insurance',
      date: '2020-07-09',
      source: 'Gulf Coast Mutual Insurance',
      recordType: 'Insurance carrier',
      location: 'Houston, TX',
      disposition: 'Sold at auction as a total loss',
      intendedForExport: false,
    },
    {
      kind: 'salvage-auction',
      date: '2020-07-28',
      source: 'Lone Star Salvage Auctions',
      location: 'Houston North, TX',
      primaryDamage: 'Front end',
      secondaryDamage: 'Undercarriage',
      odometer: mi(36_214),
    },
    {
      kind: 'brand',
      date: '2020-08-03',
      source: 'Texas DMV',
      title: 'Salvage: Damage or Not Specified',
      category: 'salvage',
      state: 'TX',
    },
    {
      kind: 'title',
      date: '2020-08-03',
      source: 'Texas DMV',
      state: 'TX',
      odometer: mi(36_214),
      current: false,
    },
    {
      kind: 'brand',
      date: '2021-01-15',
      source: 'Texas DMV',
      title: 'Rebuilt',
      category: 'rebuilt',
      state: 'TX',
    },
    {
      kind: 'title',
      date: '2021-01-15',
      source: 'Texas DMV',
      state: 'TX',
      odometer: mi(36_980),
      current: true,
    },
    {
      kind: 'sale-listing',
      date: '2021-03-22',
      source: 'Online classified listing',
      priceCents: 2_790_000,
      seller: 'Private seller',
      location: 'San Antonio, TX',
      odometer: mi(37_400),
    },
  ],
  F150_RECALLS,
);

export const ROLLBACK = sample(
  'rollback',
  '4T1BF1FK6CU000003',
  CAMRY,
  [
    {
      kind: 'title',
      date: '2012-04-20',
      source: 'Georgia DOR',
      state: 'GA',
      odometer: mi(9),
      current: false,
    },
    {
      kind: 'title',
      date: '2015-06-11',
      source: 'Georgia DOR',
      state: 'GA',
      odometer: mi(61_340),
      current: false,
    },
    {
      kind: 'sale-listing',
      date: '2018-10-02',
      source: 'Dealer listing',
      priceCents: 1_099_000,
      seller: 'Peach State Motors',
      location: 'Atlanta, GA',
      odometer: mi(118_650),
    },
    {
      kind: 'title',
      date: '2019-01-08',
      source: 'Alabama DOR',
      state: 'AL',
      odometer: mi(64_120, 'not-actual'),
      current: false,
    },
    {
      kind: 'title',
      date: '2021-05-30',
      source: 'Florida HSMV',
      state: 'FL',
      odometer: { value: 131_500, unit: 'km', status: 'actual' },
      current: true,
    },
  ],
  [CAMRY_RECALL],
);

export const THEFT_RECOVERED = sample('theft-recovered', '19XFC1F7XGE000004', CIVIC, [
  {
    kind: 'title',
    date: '2016-07-01',
    source: 'Illinois SOS',
    state: 'IL',
    odometer: mi(31),
    current: false,
  },
  {
    kind: 'theft',
    date: '2021-11-05',
    source: 'National Crime Information Center',
    status: 'Stolen',
    recoveredOn: '2021-11-19',
  },
  {
    kind: 'title',
    date: '2022-01-10',
    source: 'Illinois SOS',
    state: 'IL',
    odometer: mi(52_015),
    current: true,
  },
]);

export const LIENS_RECORDED = sample(
  'liens-recorded',
  '1FTEW1EGXJFA00005',
  F150,
  [
    {
      kind: 'title',
      date: '2018-02-14',
      source: 'Colorado DMV',
      state: 'CO',
      odometer: mi(11),
      current: false,
    },
    {
      kind: 'lien',
      date: '2018-02-14',
      source: 'Colorado DMV',
      holder: 'Front Range Credit Union',
    },
    {
      kind: 'title',
      date: '2022-09-09',
      source: 'Colorado DMV',
      state: 'CO',
      odometer: mi(58_730, 'exempt'),
      current: true,
    },
    {
      kind: 'lien',
      date: '2022-09-09',
      source: 'Colorado DMV',
      holder: 'Summit Auto Finance LLC',
    },
  ],
  F150_RECALLS,
);

/** Branded salvage in Texas, then titled in Oklahoma with no brand: the brand may be washed. */
export const WASHED = sample(
  'washed',
  '4T1BF1FK3CU000007',
  CAMRY,
  [
    {
      kind: 'title',
      date: '2012-05-02',
      source: 'Texas DMV',
      state: 'TX',
      odometer: mi(12),
      current: false,
    },
    {
      kind: 'brand',
      date: '2017-09-15',
      source: 'Texas DMV',
      title: 'Salvage: Flood',
      category: 'flood',
      state: 'TX',
    },
    {
      kind: 'title',
      date: '2017-09-15',
      source: 'Texas DMV',
      state: 'TX',
      odometer: mi(71_000),
      current: false,
    },
    {
      kind: 'title',
      date: '2018-02-20',
      source: 'Oklahoma Tax Commission',
      state: 'OK',
      odometer: mi(71_900),
      current: true,
    },
  ],
  [],
  // NHTSA's model list for the make and year named none like the decoded model.
  [],
);

export const NO_RECORDS = sample('no-records', '4T1BF1FK1CU000006', CAMRY, []);

export const REPORT_SAMPLES: ReportSample[] = [
  CLEAN,
  SALVAGE_REBUILT,
  ROLLBACK,
  THEFT_RECOVERED,
  LIENS_RECORDED,
  WASHED,
  NO_RECORDS,
];

import type { RecallCampaign } from './recalls-provider.ts';

/**
 * The sandbox's recall model names for the makes and years of README "Demo VINs for reports",
 * keyed like recallModelsKey. Spelled as NHTSA spells them, which is not always vPIC's way
 * ("F150" for vPIC's "F-150"); the Tesla matches none, as a vehicle NHTSA lists otherwise would.
 */
export const SANDBOX_RECALL_MODELS: Readonly<Record<string, readonly string[]>> = {
  'HONDA|2003': ['ACCORD', 'CIVIC', 'PILOT'],
  'FORD|2013': ['F150', 'F-250 SD', 'ESCAPE'],
  'CHEVROLET|2018': ['MALIBU', 'SILVERADO 1500'],
  'JEEP|2015': ['CHEROKEE', 'GRAND CHEROKEE'],
  'HYUNDAI|2023': ['KONA', 'SANTA FE'],
  'TOYOTA|2018': ['CAMRY', 'COROLLA'],
};

/**
 * The sandbox's recalls, keyed like recallsKey with the names of SANDBOX_RECALL_MODELS, for some demo vehicles of README "Demo VINs for
 * reports"; every other vehicle has none. Invented campaigns: numbers in NHTSA's format, from a
 * range NHTSA does not use (9xx), so none passes for a real one.
 */
export const SANDBOX_RECALLS: Readonly<Record<string, readonly RecallCampaign[]>> = {
  'HONDA|ACCORD|2003': [
    {
      campaignNumber: '03V901000',
      component: 'AIR BAGS: FRONTAL: DRIVER SIDE: INFLATOR MODULE',
      summary:
        'SANDBOX SAMPLE. The driver frontal air bag inflator may rupture when the air bag deploys.',
      consequence: 'Metal fragments could strike the driver or other occupants.',
      remedy: 'Dealers will replace the driver air bag inflator, free of charge.',
      reportedOn: '2014-06-20',
      parkIt: true,
      parkOutside: false,
    },
  ],
  'FORD|F150|2013': [
    {
      campaignNumber: '16V902000',
      component: 'ELECTRICAL SYSTEM: WIRING',
      summary: 'SANDBOX SAMPLE. A wiring harness may chafe and short circuit.',
      consequence: 'A short circuit increases the risk of a fire.',
      remedy: 'Dealers will inspect and repair the wiring harness, free of charge.',
      reportedOn: '2016-03-11',
      parkIt: false,
      parkOutside: true,
    },
    {
      campaignNumber: '14V903000',
      component: 'STEERING: ELECTRIC POWER ASSIST SYSTEM',
      summary: 'SANDBOX SAMPLE. The steering may lose power assist.',
      consequence: 'More effort is needed to steer, increasing the risk of a crash.',
      remedy: 'Dealers will update the steering software, free of charge.',
      reportedOn: '2014-09-02',
      parkIt: false,
      parkOutside: false,
    },
  ],
  'JEEP|GRAND CHEROKEE|2015': [
    {
      campaignNumber: '16V904000',
      component: 'POWER TRAIN: AUTOMATIC TRANSMISSION: GEAR POSITION INDICATION',
      summary: 'SANDBOX SAMPLE. The gear shift may not show clearly when the vehicle is in park.',
      consequence: 'The vehicle may roll away when the driver leaves it, causing a crash.',
      remedy: 'Dealers will update the shift software, free of charge.',
      reportedOn: '2016-04-22',
      parkIt: false,
      parkOutside: false,
    },
  ],
};

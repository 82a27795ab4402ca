import type { DbOrTx } from '../../db/transaction.ts';
import { recallModelsKey, recallsKey, type RecallCampaign } from './recalls-provider.ts';
import {
  findPublishedCampaigns,
  findPublishedModels,
  insertPublishedCampaign,
} from './sandbox-recall-campaigns.repo.ts';

/** The campaigns and model names the sandbox published since it started (every process sees them). */
export interface PublishedSampleRecalls {
  campaignsOf(vehicleKey: string): Promise<RecallCampaign[]>;
  modelsOf(modelsKey: string): Promise<string[]>;
}

/** The sandbox's published campaigns, read from the `sandbox_recall_campaigns` table. */
export function publishedSampleRecalls(db: DbOrTx): PublishedSampleRecalls {
  return {
    campaignsOf: async (vehicleKey) =>
      (await findPublishedCampaigns(db, vehicleKey)) as RecallCampaign[],
    modelsOf: (modelsKey) => findPublishedModels(db, modelsKey),
  };
}

/** Invented campaign numbers: NHTSA's format, in a range it does not use (9xx, as sandbox-recalls.ts). */
function sampleCampaignNumber(at: Date): string {
  const year = String(at.getUTCFullYear() % 100).padStart(2, '0');
  const serial = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `${year}V98${serial}`;
}

/**
 * Publishes a new sample campaign for a make, model and year in the sandbox: every process's
 * sandbox lists it from now on, its model among the make and year's model names. Says it is a
 * sample in its summary, as every sandbox recall does.
 */
export async function publishSampleRecall(
  db: DbOrTx,
  vehicle: { make: string; model: string; modelYear: number; parkIt?: boolean },
  at = new Date(),
): Promise<RecallCampaign> {
  const make = vehicle.make.trim().toUpperCase();
  const model = vehicle.model.trim().toUpperCase();
  const name = `${vehicle.modelYear} ${make} ${model}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const campaign: RecallCampaign = {
      campaignNumber: sampleCampaignNumber(at),
      component: vehicle.parkIt ? 'FUEL SYSTEM, GASOLINE: DELIVERY: HOSES' : 'SEAT BELTS: FRONT',
      summary: vehicle.parkIt
        ? `SANDBOX SAMPLE. On some ${name} vehicles a fuel hose may crack and leak.`
        : `SANDBOX SAMPLE. On some ${name} vehicles a front seat belt buckle may not latch.`,
      consequence: vehicle.parkIt
        ? 'A fuel leak near an ignition source increases the risk of a fire.'
        : 'A belt that does not latch does not restrain its occupant in a crash.',
      remedy: vehicle.parkIt
        ? 'Dealers will replace the fuel hose, free of charge.'
        : 'Dealers will replace the buckle, free of charge.',
      reportedOn: at.toISOString().slice(0, 10),
      parkIt: vehicle.parkIt ?? false,
      parkOutside: false,
    };
    const kept = await insertPublishedCampaign(db, {
      campaignNumber: campaign.campaignNumber,
      vehicleKey: recallsKey({ make, model, modelYear: vehicle.modelYear }),
      modelsKey: recallModelsKey({ make, modelYear: vehicle.modelYear }),
      model,
      campaign,
      publishedAt: at,
    });
    if (kept) return campaign;
  }
  throw new Error('No free sample campaign number; try again.');
}

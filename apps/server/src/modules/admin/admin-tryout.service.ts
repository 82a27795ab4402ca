import { ADMIN_MESSAGES, normalizeVin, plateParamsSchema, type VpicResult } from '@vr/contracts';
import type { DecodeLog, VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { PlateService } from '../plates/plates.service.ts';

const DECODED_FIELDS = [
  'Make',
  'Model',
  'ModelYear',
  'Trim',
  'BodyClass',
  'EngineModel',
  'EngineCylinders',
  'DisplacementL',
  'FuelTypePrimary',
  'TransmissionStyle',
  'DriveType',
  'PlantCountry',
  'ErrorCode',
  'ErrorText',
] as const;

function decodedFields(result: VpicResult) {
  return Object.fromEntries(DECODED_FIELDS.map((k) => [k, result[k] ?? '']));
}

export type AdminTryoutService = ReturnType<typeof createAdminTryoutService>;

/**
 * The admin's trial lookups: a plate (STATE/PLATE) and/or a VIN, run without charging anyone,
 * answered as one merged object and written to the audit log.
 */
export function createAdminTryoutService({
  db,
  plates,
  decoder,
}: {
  db: Db;
  plates: PlateService;
  decoder: VinDecoder;
}) {
  return {
    /** `ip`: the admin's address, which a plate lookup counts against like a customer's. */
    async tryout(
      { adminId, ip }: { adminId: string; ip: string },
      input: { vin: string; vehicle: string; email: string },
      log: DecodeLog,
    ): Promise<Record<string, unknown>> {
      const { email } = input;
      const vehicle = input.vehicle.trim();
      let merged: Record<string, unknown> = { email: email.trim() || null };
      let vin = normalizeVin(input.vin);

      if (vehicle) {
        const [state = '', plate = ''] = vehicle.split('/');
        if (!state.trim() || !plate.trim() || !email.trim()) {
          throw new HttpError(400, ADMIN_MESSAGES.platesFieldsRequired);
        }
        const params = plateParamsSchema.safeParse({ state, plate });
        if (!params.success)
          throw new HttpError(400, params.error.issues[0]?.message ?? 'Invalid plate');
        const outcome = await plates.search({ userId: adminId, ip, ...params.data });
        merged = { ...merged, ...outcome.body };
        if (outcome.body.vin) vin = outcome.body.vin;
      } else if (!vin) {
        throw new HttpError(400, 'Enter a VIN, or a state, plate number and e-mail.');
      }

      if (vin) {
        const result = await decoder.decode(vin, undefined, log);
        merged = { ...merged, vin, ...decodedFields(result) };
      }
      await recordAudit(db, {
        actorId: adminId,
        action: 'tryout',
        targetType: 'lookup',
        targetId: vehicle || vin || null,
        before: null,
        after: merged,
      });
      return merged;
    },
  };
}

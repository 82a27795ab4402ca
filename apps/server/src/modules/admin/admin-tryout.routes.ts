import {
  ADMIN_MESSAGES,
  adminTryoutBodySchema,
  normalizeVin,
  plateParamsSchema,
  type VpicResult,
} from '@vr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { listAudit, recordAudit } from '../audit/audit.repo.ts';
import { currentUser } from '../auth/auth.guard.ts';
import { errorResponses } from '../auth/auth.routes.ts';
import type { PlateService } from '../plates/plates.service.ts';
import { pages } from './admin.repo.ts';
import { paginationQuerySchema } from '@vr/contracts';

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

/**
 * The admin's trial lookups: a plate (STATE/PLATE) and/or a VIN, run without charging anyone,
 * answered as one merged object and written to the audit log.
 */
export const adminTryoutRoutes: FastifyPluginAsyncZod<{
  db: Db;
  plates: PlateService;
  decoder: VinDecoder;
}> = async (app, { db, plates, decoder }) => {
  app.post(
    '/api/api/admin/tryout',
    {
      schema: {
        tags: ['admin'],
        summary: 'Trial plate and VIN lookup, free of charge (audited)',
        description:
          'A plate lookup counts against the plate search quotas like a customer search (429 beyond them).',
        security: [{ bearerAuth: [] }],
        body: adminTryoutBodySchema,
        response: {
          200: z.record(z.string(), z.unknown()),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const { email } = request.body;
      const vehicle = request.body.vehicle.trim();
      let merged: Record<string, unknown> = { email: email.trim() || null };
      let vin = normalizeVin(request.body.vin);

      if (vehicle) {
        const [state = '', plate = ''] = vehicle.split('/');
        if (!state.trim() || !plate.trim() || !email.trim()) {
          throw new HttpError(400, ADMIN_MESSAGES.platesFieldsRequired);
        }
        const params = plateParamsSchema.safeParse({ state, plate });
        if (!params.success)
          throw new HttpError(400, params.error.issues[0]?.message ?? 'Invalid plate');
        const outcome = await plates.search({ userId: admin.id, ip: request.ip, ...params.data });
        merged = { ...merged, ...outcome.body };
        if (outcome.body.vin) vin = outcome.body.vin;
      } else if (!vin) {
        throw new HttpError(400, 'Enter a VIN, or a state, plate number and e-mail.');
      }

      if (vin) {
        const result = await decoder.decode(vin, undefined, request.log);
        merged = { ...merged, vin, ...decodedFields(result) };
      }
      await recordAudit(db, {
        actorId: admin.id,
        action: 'tryout',
        targetType: 'lookup',
        targetId: vehicle || vin || null,
        before: null,
        after: merged,
      });
      return merged;
    },
  );

  app.get(
    '/api/api/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'What administrators did, newest first',
        security: [{ bearerAuth: [] }],
        querystring: paginationQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(
              z.object({
                id: z.string(),
                actorId: z.string(),
                action: z.string(),
                targetType: z.string(),
                targetId: z.string().nullable(),
                before: z.unknown(),
                after: z.unknown(),
                createdAt: z.string(),
              }),
            ),
            pagination: z.object({
              current: z.number(),
              size: z.number(),
              pages: z.number(),
              total: z.number(),
            }),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listAudit(db, page, size);
      return {
        success: true as const,
        data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        pagination: { current: page, size, pages: pages(total, size), total },
      };
    },
  );
};

import {
  ADMIN_MESSAGES,
  ORDER_MESSAGES,
  isOrderableVin,
  normalizeVin,
  plateParamsSchema,
  type VpicResult,
} from '@vr/contracts';
import type { DecodeLog, VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { consumeThrottle } from '../../db/throttles.repo.ts';
import { HttpError, ProviderFailedError, TooManyRequestsError } from '../../http/errors.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { noticeMail } from '../../adapters/mail/index.ts';
import { ReportSourceFailure, type ReportGenerationService } from '../reports/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { PlatesService } from '../plates/index.ts';

const HOUR_MS = 3_600_000;

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
  reports,
  jobs,
  productName,
  perAdminHour,
}: {
  /** ADMIN_TRYOUTS_PER_HOUR: each tryout may pull a billed history and send a mail. */
  perAdminHour: number;
  db: Db;
  plates: Pick<PlatesService, 'search'>;
  decoder: Pick<VinDecoder, 'decode'>;
  reports: Pick<ReportGenerationService, 'renderReportForVin'>;
  jobs: JobSender;
  productName: string;
}) {
  /**
   * The full report of `vin`, generated without an order (nobody is charged) and queued as a
   * mail to `email` with the PDF attached; 502 when a source cannot answer now.
   */
  async function mailTryoutReport(vin: string, email: string): Promise<string> {
    let pdf: Buffer;
    try {
      pdf = await reports.renderReportForVin(vin);
    } catch (err) {
      if (err instanceof ReportSourceFailure) throw new HttpError(502, err.message);
      throw err;
    }
    const message = noticeMail({
      to: email,
      subject: `${productName}: tryout report for VIN ${vin}`,
      paragraphs: [
        `The vehicle history report for VIN ${vin} is attached, generated as an admin tryout.`,
        'Nobody was charged for it.',
      ],
    });
    await enqueueMail(jobs, db, {
      ...message,
      attachments: [
        {
          filename: `report-${vin}.pdf`,
          contentType: 'application/pdf',
          contentBase64: pdf.toString('base64'),
        },
      ],
    });
    return ADMIN_MESSAGES.tryoutMailed(email);
  }

  return {
    /** `ip`: the admin's address, which a plate lookup counts against like a customer's. */
    async tryout(
      { adminId, ip }: { adminId: string; ip: string },
      input: { vin: string; vehicle: string; email: string },
      log: DecodeLog,
    ): Promise<Record<string, unknown>> {
      const { email } = input;
      const vehicle = input.vehicle.trim();
      let vin = normalizeVin(input.vin);
      // Every input is checked before the budget counts and before anything is looked up.
      let plateQuery: { state: string; plate: string } | undefined;
      if (vehicle) {
        const [state = '', plate = ''] = vehicle.split('/');
        if (!state.trim() || !plate.trim() || !email) {
          throw new HttpError(400, ADMIN_MESSAGES.platesFieldsRequired);
        }
        const params = plateParamsSchema.safeParse({ state, plate });
        if (!params.success)
          throw new HttpError(400, params.error.issues[0]?.message ?? 'Invalid plate');
        plateQuery = params.data;
      } else if (!vin) {
        throw new HttpError(400, 'Enter a VIN, or a state, plate number and e-mail.');
      }
      // A report is pulled for it: the VIN check of an order.
      if (vin && !isOrderableVin(vin)) throw new HttpError(400, ORDER_MESSAGES.invalidVin);
      const budget = await consumeThrottle(
        db,
        `admin-tryout:user:${adminId}`,
        perAdminHour,
        HOUR_MS,
      );
      if (!budget.allowed) {
        throw new TooManyRequestsError(
          ADMIN_MESSAGES.tryoutQuota(perAdminHour, budget.retryAfterSeconds),
          budget.retryAfterSeconds,
        );
      }

      let merged: Record<string, unknown> = { email: email || null };
      if (plateQuery) {
        try {
          const found = await plates.search({ userId: adminId, ip, ...plateQuery });
          merged = { ...merged, ...found };
          if (found.vin) vin = found.vin;
        } catch (err) {
          // A provider's failure is part of what the tryout shows, not the tryout's failure.
          if (!(err instanceof ProviderFailedError)) throw err;
          merged = { ...merged, ...err.answer, message: err.message };
        }
      }

      if (vin) {
        const result = await decoder.decode(vin, undefined, log);
        merged = { ...merged, vin, ...decodedFields(result) };
        if (email) merged.reportMail = await mailTryoutReport(vin, email);
      }
      await recordAudit(db, {
        actorId: adminId,
        action: 'tryout',
        targetType: 'lookup',
        targetId: vehicle || vin || null,
        before: null,
        // Who the report was mailed to, whatever the plate lookup's answer held.
        after: { ...merged, recipient: email || null },
      });
      return merged;
    },
  };
}

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { ADMIN_MESSAGES, API_MESSAGES, batchUploadResponseSchema, countOf } from '@vr/contracts';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';
import { assertStorableText } from '../../lib/storable-text.ts';
import { currentUser } from '../auth/index.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { REPORT_FILE_MESSAGES, type ReportsService } from '../reports/index.ts';

/** Files in one batch: enough for a day's queue, bounded so one request cannot hold the server. */
const MAX_FILES = 20;

type Received = { fileName: string; path: string };
type BatchUploadResponse = z.infer<typeof batchUploadResponseSchema>;
type Answer = { status: 200 | 207 | 400 | 404 | 409 | 413; body: BatchUploadResponse };

export const UPLOAD_MESSAGES = {
  batchTooLarge: (maxMb: number) =>
    `The files of one upload add up to more than ${maxMb} MB; upload them in smaller batches.`,
} as const;

export interface UploadOptions {
  /** Where files wait while a batch is checked and stored (DATA_DIR/tmp). */
  dir: string;
  /** MAX_UPLOAD_BATCH_MB: all files of one request together. */
  maxBatchMb: number;
  /** MAX_REPORT_MB: one file. */
  maxReportMb: number;
}

const PART_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * A failure while reading the parts: too many parts is a 413 that says the limit; errors of
 * @fastify/multipart keep their own status; what busboy throws without one ('Unexpected end of
 * form', 'Boundary not found', ...) can only come from the client's body, so it is that body's 400.
 */
function partsError(err: FastifyError): Error {
  if (PART_LIMIT_CODES.has(err.code)) {
    return new HttpError(413, ADMIN_MESSAGES.tooManyUploadParts(MAX_FILES));
  }
  if (err.statusCode !== undefined) return err;
  return new HttpError(400, API_MESSAGES.malformedMultipart(err.message));
}

/**
 * POST /api/api/admin/reports/batch-upload: `files` and `reportOrderIds` paired in order; each
 * pair succeeds or fails on its own and the answer says which. Each file goes to disk as it
 * arrives and is checked there one at a time, so a batch never sits in memory; its temporary
 * files are removed however the request ends.
 */
export const adminUploadsRoutes: FastifyPluginAsyncZod<{
  reports: Pick<ReportsService, 'attachReportCompleteOrderAndMailCustomer'>;
  uploads: UploadOptions;
}> = async (app, { reports, uploads }) => {
  const maxBytes = Math.floor(uploads.maxReportMb * 1024 * 1024);
  const maxBatchBytes = Math.floor(uploads.maxBatchMb * 1024 * 1024);
  await mkdir(uploads.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: MAX_FILES, fields: MAX_FILES, fieldSize: 200 },
  });
  app.post(
    '/admin/reports/batch-upload',
    {
      // Errors answer in the batch shape the schema documents for 400, 404, 409 and 413; for
      // 401, 403 and 415 it documents the error shape, and the serializer keeps only that.
      config: { errorExtras: { success: false, results: [] } },
      schema: {
        tags: ['admin'],
        summary: 'Upload report PDFs for orders (multipart: files + reportOrderIds, in order)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: batchUploadResponseSchema,
          207: batchUploadResponseSchema,
          400: batchUploadResponseSchema,
          404: batchUploadResponseSchema,
          409: batchUploadResponseSchema,
          413: batchUploadResponseSchema,
          ...errorResponses(401, 403, 415),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, ADMIN_MESSAGES.invalidFileOrOrder);
      // Parts are read from the raw stream, past the request decompression of @fastify/compress.
      const encoding = request.headers['content-encoding'];
      if (encoding && encoding !== 'identity') {
        throw new HttpError(415, API_MESSAGES.encodedMultipart);
      }
      const admin = currentUser(request);
      const temporary: string[] = [];
      let answer: Answer;
      try {
        answer = await receiveAndAttach(request, admin.id, temporary);
      } finally {
        // Before the answer leaves, so a client that has it finds nothing left behind.
        await Promise.all(temporary.map((path) => rm(path, { force: true })));
      }
      return reply.status(answer.status).send(answer.body);
    },
  );

  /** Reads the parts into files listed in `temporary` (removed by the caller), then attaches. */
  async function receiveAndAttach(
    request: FastifyRequest,
    actorId: string,
    temporary: string[],
  ): Promise<Answer> {
    const ids: string[] = [];
    const files: Received[] = [];
    let current = '';
    let batchBytes = 0;
    async function* countedAgainstBatch(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        batchBytes += chunk.length;
        if (batchBytes > maxBatchBytes) {
          throw new HttpError(413, UPLOAD_MESSAGES.batchTooLarge(uploads.maxBatchMb));
        }
        yield chunk;
      }
    }
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'reportOrderIds') {
            assertStorableText(part.value, part.fieldname);
            ids.push(String(part.value).trim());
          }
          continue;
        }
        assertStorableText(part.filename, part.fieldname);
        current = part.filename;
        const path = join(uploads.dir, `${randomBytes(12).toString('hex')}.upload`);
        temporary.push(path);
        const sink = createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE });
        try {
          await pipeline(part.file, countedAgainstBatch, sink);
        } finally {
          // A failed pipeline settles before the file's own open has finished: wait for the
          // file to be closed, or the caller's removal comes first and the file is made after.
          if (!sink.closed) await once(sink, 'close');
        }
        // busboy stops a file at MAX_REPORT_MB and marks it truncated.
        if (part.file.truncated) throw new app.multipartErrors.RequestFileTooLargeError();
        if (part.fieldname === 'files') files.push({ fileName: part.filename, path });
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if ((err as FastifyError).code !== 'FST_REQ_FILE_TOO_LARGE') {
        throw partsError(err as FastifyError);
      }
      // One file over the limit ends the upload: the rest of the stream is not read.
      const message = REPORT_FILE_MESSAGES.tooLarge(uploads.maxReportMb);
      return {
        status: 413,
        body: {
          success: false,
          message,
          results: [
            { reportOrderId: ids[files.length] ?? '', fileName: current, success: false, message },
          ],
        },
      };
    }
    if (files.length === 0 || files.length !== ids.length || ids.some((id) => !id)) {
      return {
        status: 400,
        body: { success: false, message: ADMIN_MESSAGES.invalidFileOrOrder, results: [] },
      };
    }
    const results: BatchUploadResponse['results'] = [];
    let firstFailure: number | null = null;
    for (const [i, file] of files.entries()) {
      const reportOrderId = ids[i]!;
      try {
        await reports.attachReportCompleteOrderAndMailCustomer({
          orderId: reportOrderId,
          file: file.path,
          actorId,
        });
        results.push({
          reportOrderId,
          fileName: file.fileName,
          success: true,
          message: 'Uploaded',
        });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        firstFailure ??= err.statusCode;
        results.push({
          reportOrderId,
          fileName: file.fileName,
          success: false,
          message: err.message,
        });
      }
    }
    const ok = results.filter((r) => r.success).length;
    const status = (firstFailure === null ? 200 : ok > 0 ? 207 : firstFailure) as Answer['status'];
    return {
      status,
      body: {
        success: firstFailure === null,
        message:
          firstFailure === null
            ? `${countOf(ok, 'report')} uploaded.`
            : `${ok} of ${countOf(results.length, 'report')} uploaded; ${results
                .filter((r) => !r.success)
                .map((r) => `${r.fileName}: ${r.message}`)
                .join('; ')}`,
        results,
      },
    };
  }
};

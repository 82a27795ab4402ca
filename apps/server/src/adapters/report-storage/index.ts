import type { Config } from '../../config.ts';
import { createFileReportStorage, defaultReportsDir } from './file-report-storage.ts';
import type { ReportStorage } from './report-storage.ts';
import { createS3ReportStorage } from './s3-report-storage.ts';

export type { ReportStorage } from './report-storage.ts';

/** S3 when S3_BUCKET is set, else files under DATA_DIR/reports. */
export function createReportStorage(
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): ReportStorage & { destroy?(): void } {
  if (!config.S3_BUCKET) return createFileReportStorage(defaultReportsDir(config.DATA_DIR));
  return createS3ReportStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

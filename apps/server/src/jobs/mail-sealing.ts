import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { MailMessage } from '../adapters/mail/index.ts';
import type { JobSender } from './job-queue.ts';

/**
 * Rendered mails carry secrets (sign-up, reset and sign-in codes, signed report links) that the
 * database otherwise keeps only hashed, and job rows stay in pg-boss's tables until it deletes
 * them: a queued mail is stored sealed (AES-256-GCM, a key derived from the auth secret with
 * HKDF), and only the delivery worker opens it. A mail sealed under another auth secret cannot be
 * opened: rotating AUTH_SECRET drops the mails queued before it (docs/decisions/0016).
 */

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Names the key's use, so the auth secret derives no other key equal to it. */
const KEY_INFO = 'vr mail job v1';

export interface MailSeal {
  seal(message: MailMessage): string;
  open(sealed: string): MailMessage;
}

export function createMailSeal(authSecret: string): MailSeal {
  const key = Buffer.from(hkdfSync('sha256', authSecret, '', KEY_INFO, 32));
  return {
    seal(message) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as MailMessage;
    },
  };
}

/** `jobs`, queuing every rendered mail sealed: what the services queue through. */
export function sealingMailJobs(jobs: JobSender, mailSeal: MailSeal): JobSender {
  return {
    enqueue(executor, name, data, options) {
      if (name === 'mail' && 'kind' in data && data.kind === 'message') {
        // The order id of an attachment is no secret: the worker reads the PDF by it.
        const sealed = {
          kind: 'sealed' as const,
          sealed: mailSeal.seal(data.message),
          ...(data.attachReportOf ? { attachReportOf: data.attachReportOf } : {}),
        };
        return jobs.enqueue(executor, 'mail', sealed, options);
      }
      return jobs.enqueue(executor, name, data, options);
    },
  };
}

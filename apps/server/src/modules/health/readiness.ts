import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReportStorage } from '../../adapters/report-storage/index.ts';

/** What must hold before an instance takes traffic (GET /api/api/ready). */
export type ReadinessStep = 'migrations' | 'decodeIndex' | 'jobQueue';

export interface Readiness {
  /** A step of the boot is done. */
  done(step: ReadinessStep): void;
  /** Report storage to probe by a write and a delete on each check. */
  probeStorage(storage: ReportStorage, tmpDir: string): void;
  /** From now on the instance answers not ready: it is draining for a shutdown. */
  drain(): void;
  /** Each check and whether it holds. */
  check(): Promise<{ draining: boolean; checks: Record<ReadinessStep | 'storage', boolean> }>;
}

async function storageWritable(storage: ReportStorage, tmpDir: string): Promise<boolean> {
  const file = join(tmpDir, `readiness-${randomUUID()}`);
  const key = `readiness-probe/${randomUUID()}`;
  try {
    await mkdir(tmpDir, { recursive: true });
    await writeFile(file, 'probe');
    await storage.put(key, file);
    await storage.delete(key);
    return true;
  } catch {
    return false;
  } finally {
    await rm(file, { force: true });
  }
}

export function createReadiness(): Readiness {
  const done = new Set<ReadinessStep>();
  let draining = false;
  let storage: (() => Promise<boolean>) | undefined;
  return {
    done: (step) => void done.add(step),
    probeStorage: (reports, tmpDir) => void (storage = () => storageWritable(reports, tmpDir)),
    drain: () => void (draining = true),
    async check() {
      return {
        draining,
        checks: {
          migrations: done.has('migrations'),
          decodeIndex: done.has('decodeIndex'),
          jobQueue: done.has('jobQueue'),
          storage: storage ? await storage() : false,
        },
      };
    },
  };
}

import { countOf } from '@vr/contracts';
import { errorLine, withOpened } from '../../lib/cli-run.ts';
import type { RecallWatchService } from './recall-watch.service.ts';

export const RECALLS_USAGE =
  'recalls watch-now | recalls publish-sample <make> <model> <year> [--park-it]';

export interface RecallsIo {
  openRecallWatch(): Promise<{
    recallWatch: Pick<RecallWatchService, 'runPass' | 'publishSample'>;
    close(): Promise<void>;
  }>;
  out(line: string): void;
  err(line: string): void;
}

function usage(io: RecallsIo): number {
  io.err(`Usage: npm run cli -- ${RECALLS_USAGE}`);
  return 2;
}

/**
 * `recalls watch-now`: one recall watch pass at once, the one the schedule runs (its mails are
 * queued; a server's worker delivers them). `recalls publish-sample`: the sandbox recalls
 * provider publishes a new sample campaign for a model, so the whole path shows offline.
 */
export async function runRecallsCli(argv: readonly string[], io: RecallsIo): Promise<number> {
  const [, sub, ...args] = argv;
  if (sub === 'watch-now' && args.length === 0) {
    return withOpened(io.err, io.openRecallWatch, async ({ recallWatch }) => {
      const pass = await recallWatch.runPass();
      if (!pass.ran) {
        io.err('A recall watch pass is running already; nothing done.');
        return 1;
      }
      io.out(
        `Recall watch pass done: ${countOf(pass.vehicles, 'vehicle')} checked, ` +
          `${countOf(pass.providerCalls, 'provider call')}, ${countOf(pass.found, 'new campaign')}, ` +
          `${countOf(pass.alerts, 'alert mail')} queued` +
          (pass.leftOver > 0 ? `, ${pass.leftOver} left for the next pass.` : '.'),
      );
      return 0;
    });
  }
  if (sub === 'publish-sample') {
    const parkIt = args.includes('--park-it');
    const words = args.filter((a) => a !== '--park-it');
    const [make, model, year] = words;
    const modelYear = Number(year);
    if (
      words.length !== 3 ||
      !make?.trim() ||
      !model?.trim() ||
      make.length > 50 ||
      model.length > 50
    )
      return usage(io);
    if (!Number.isInteger(modelYear) || modelYear < 1900 || modelYear > 2100) {
      io.err(`The year must be a model year such as 2003, not '${year}'.`);
      return 2;
    }
    return withOpened(io.err, io.openRecallWatch, async ({ recallWatch }) => {
      try {
        const c = await recallWatch.publishSample({ make, model, modelYear, parkIt });
        io.out(
          `SANDBOX SAMPLE campaign ${c.campaignNumber} published for the ${modelYear} ` +
            `${make.toUpperCase()} ${model.toUpperCase()}: ${c.component}. ` +
            'The next recall watch pass (or recalls watch-now) tells the customers watching it.',
        );
        return 0;
      } catch (err) {
        io.err(`Cannot publish a sample campaign: ${errorLine(err)}`);
        return 1;
      }
    });
  }
  return usage(io);
}

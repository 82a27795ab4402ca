import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { VpicResult } from '@vr/contracts';
import type { DecodeSample } from './decode-samples.ts';

/** Answers of the corgi-based decoder, written by `npm run decode:golden`. */
export const GOLDEN_PATH = new URL('../fixtures/decode-golden.json.gz', import.meta.url);
export const GOLDEN_SEED = 14;

export interface GoldenAnswer extends DecodeSample {
  result: VpicResult;
}

export function readGolden(): GoldenAnswer[] {
  return JSON.parse(gunzipSync(readFileSync(GOLDEN_PATH)).toString('utf8')) as GoldenAnswer[];
}

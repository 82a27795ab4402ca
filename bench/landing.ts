import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/server.ts';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

interface InitialAssets {
  js: { file: string; gzipBytes: number }[];
  css: { file: string; gzipBytes: number }[];
  htmlGzipBytes: number;
}

function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/**
 * What the first paint of `/` downloads: index.html and every script, module preload and
 * stylesheet it references (lazy chunks are not counted), gzip-compressed.
 */
export function measureInitialAssets(distDir = DIST): InitialAssets {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || !src.startsWith('/assets/')) continue;
    const isScript = tag.startsWith('<script') || /rel="modulepreload"/.test(tag);
    const isStyle = /rel="stylesheet"/.test(tag);
    if (isScript || isStyle) refs.add(src);
  }
  const files = [...refs].map((src) => ({
    file: src.slice(1),
    gzipBytes: gzipSize(join(distDir, src.slice(1))),
  }));
  return {
    js: files.filter((f) => f.file.endsWith('.js')),
    css: files.filter((f) => f.file.endsWith('.css')),
    htmlGzipBytes: gzipSize(join(distDir, 'index.html')),
  };
}

interface LighthouseFigures {
  score: number;
  /** Lighthouse's code when the run failed (no score, no metrics), e.g. NO_FCP. */
  failed?: string;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** One Lighthouse 12 run with the default (mobile, simulated throttling) configuration. */
export async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError || lhr.categories.performance?.score == null) {
      const failed = lhr.runtimeError?.code ?? 'NO_SCORE';
      return {
        score: NaN,
        failed,
        fcpMs: NaN,
        lcpMs: NaN,
        tbtMs: NaN,
        cls: NaN,
        speedIndexMs: NaN,
      };
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    };
  } finally {
    chrome.kill();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Landing page figures: initial JS and CSS (gzip) of the built app, and the Lighthouse mobile
 * performance score of `/` served by the real server (median of LIGHTHOUSE_RUNS runs, default
 * 5). `npm run bench` builds the app first.
 */
export async function benchLanding(): Promise<void> {
  const assets = measureInitialAssets();
  const jsTotal = assets.js.reduce((sum, f) => sum + f.gzipBytes, 0);
  const cssTotal = assets.css.reduce((sum, f) => sum + f.gzipBytes, 0);
  console.log('\nLanding page: initial assets (gzip)');
  for (const f of [...assets.js, ...assets.css])
    console.log(`  ${f.file.padEnd(48)} ${kb(f.gzipBytes)}`);
  console.log(`  index.html ${kb(assets.htmlGzipBytes)}`);
  console.log(
    `  initial JS ${kb(jsTotal)} in ${assets.js.length} files, CSS ${kb(cssTotal)} in ${assets.css.length} files`,
  );

  const server = await startServer();
  try {
    // One plain visit first, so the runs measure a warmed-up server rather than its first reads.
    await fetch(`${server.url}/`).then((res) => res.text());
    for (const f of [...assets.js, ...assets.css]) await fetch(`${server.url}/${f.file}`);
    const runs: LighthouseFigures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(`${server.url}/`));
    // A failed run (Lighthouse's runtime error) is shown as such, not as a score of 0.
    const scored = runs.filter((r) => !r.failed);
    const pick = (key: Exclude<keyof LighthouseFigures, 'failed'>) =>
      median(scored.map((r) => r[key]));
    console.log(`\nLanding page: Lighthouse ${RUNS} runs, mobile default config (median)`);
    const each = runs.map((r) => (r.failed ? `failed (${r.failed})` : String(r.score)));
    console.log(`  performance score ${pick('score')} (runs: ${each.join(', ')}; aim >= 98)`);
    console.log(
      `  FCP ${Math.round(pick('fcpMs'))} ms, LCP ${Math.round(pick('lcpMs'))} ms, ` +
        `TBT ${Math.round(pick('tbtMs'))} ms, CLS ${pick('cls').toFixed(3)}, ` +
        `Speed Index ${Math.round(pick('speedIndexMs'))} ms`,
    );
  } finally {
    await server.stop();
  }
}

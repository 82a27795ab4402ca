// Puts the build-time first paint of `/` (src/app/prerender.tsx) into dist/index.html's #root,
// and keeps the plain page as dist/app.html for the other client routes (/dashboard, /admin),
// which must not flash the landing page while their scripts load. The landing's style sheet is
// inlined into index.html: the first paint then waits for no request but the page itself.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = join(root, 'node_modules/.prerender');
const indexPath = join(root, 'dist/index.html');

// The libraries run from node_modules: production builds, as in the browser.
process.env.NODE_ENV = 'production';
const { renderShell } = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
const html = readFileSync(indexPath, 'utf8');
const placeholder = '<div id="root"></div>';
if (!html.includes(placeholder)) throw new Error(`dist/index.html lacks ${placeholder}`);
writeFileSync(join(root, 'dist/app.html'), html);
const styleLink = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const linked = html.match(styleLink);
if (!linked) throw new Error('dist/index.html links no style sheet to inline');
const css = readFileSync(join(root, 'dist', linked[1]), 'utf8');
writeFileSync(
  indexPath,
  html
    .replace(styleLink, () => `<style>${css}</style>`)
    .replace(placeholder, () => `<div id="root">${renderShell()}</div>`),
);
rmSync(ssrDir, { recursive: true, force: true });
console.log('prerendered the first paint into dist/index.html');

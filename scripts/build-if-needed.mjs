// `npm start` runs the compiled server and serves the built web app: it builds each of them on the
// first start of a fresh clone and again whenever its sources are newer than its build. Named
// workspaces (`node scripts/build-if-needed.mjs @vr/server`) limit it to those and the contracts
// they import. It says nothing when all is built, and what it says goes to stderr, so a CLI
// command's output stays its own.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const contracts = ['packages/contracts/src', 'packages/contracts/package.json'];
const builds = [
  {
    workspace: '@vr/contracts',
    built: 'packages/contracts/dist/index.js',
    sources: [...contracts, 'packages/contracts/tsconfig.build.json', 'tsconfig.base.json'],
  },
  {
    workspace: '@vr/server',
    built: 'apps/server/dist/server.js',
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
      'tsconfig.base.json',
      ...contracts,
    ],
  },
  {
    workspace: '@vr/web',
    built: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...contracts,
    ],
  },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !builds.some(({ workspace }) => workspace === name));
if (unknown.length > 0) {
  console.error(`build-if-needed: no workspace ${unknown.join(', ')}`);
  process.exit(2);
}
const chosen = builds.filter(
  ({ workspace }) =>
    wanted.length === 0 || workspace === '@vr/contracts' || wanted.includes(workspace),
);
for (const { workspace, built, sources } of chosen) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt < Math.max(...sources.map(newest))) {
    console.error(`Building ${workspace}: its sources are newer than its build.`);
    execSync(`npm run build --workspace ${workspace}`, { stdio: ['ignore', 2, 2] });
  }
}

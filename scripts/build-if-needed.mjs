// `npm start` runs the compiled server and serves the built web app: it builds each of them on the
// first start of a fresh clone and again whenever its sources are newer than its build.
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

for (const { workspace, built, sources } of builds) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newest))) {
    console.log(`${workspace} is up to date`);
  } else {
    execSync(`npm run build --workspace ${workspace}`, { stdio: 'inherit' });
  }
}

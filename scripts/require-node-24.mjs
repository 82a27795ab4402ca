// Every npm script starts with this check: the product runs on the Node major that `engines` names,
// which `npm install` puts in node_modules/.bin (the `node` package) ahead of the machine's own.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wanted = Number(/\d+/.exec(engines.node)?.[0]);
const running = Number(process.versions.node.split('.')[0]);
if (running !== wanted) {
  console.error(
    `Vehicle Records needs Node ${wanted} (package.json engines "${engines.node}") but got Node ${process.versions.node} at ${process.execPath}: run it through npm after \`npm install\`, which provides Node ${wanted}.`,
  );
  process.exit(1);
}

// A worker thread of a server run from its sources: registers tsx in the thread, then hands
// on the TypeScript worker module named last in the thread's argv (worker-entry.ts). JavaScript,
// because nothing loads TypeScript in the thread until this has run.
import { register } from 'tsx/esm/api';

register();
const module = await import(process.argv.at(-1));
export default module.default;

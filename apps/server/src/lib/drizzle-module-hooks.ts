import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Node 22 and later look up a module's package.json for each module they resolve or load, and
 * each lookup hands back the package's `exports` to be parsed again. drizzle-orm's package.json
 * holds 447 exports (179 KB) and the server loads 112 of its modules, so Node 24 spent seconds of
 * every start on it where Node 20 spent a fraction of one (decision 0039 has the figures).
 *
 * These hooks answer for drizzle's own modules what Node would: drizzle imports its modules by
 * relative paths with their `.js` extension, and its package.json says every `.js` file is an ES
 * module. Everything else, imports of drizzle-orm by name included, Node resolves as always.
 * Imported before anything that imports drizzle: a module's static imports are resolved
 * before it runs, so the entry points register these first and load the rest afterwards.
 */
const DRIZZLE = '/node_modules/drizzle-orm/';

const isDrizzleModule = (url: string | undefined): url is string =>
  url !== undefined && url.startsWith('file:') && url.includes(DRIZZLE) && url.endsWith('.js');

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (isDrizzleModule(context.parentURL) && /^\.\.?\//.test(specifier)) {
      return {
        url: new URL(specifier, context.parentURL).href,
        format: 'module',
        shortCircuit: true,
      };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (isDrizzleModule(url)) {
      return { format: 'module', source: readFileSync(new URL(url)), shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});

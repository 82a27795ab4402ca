/**
 * The URL a worker thread starts from, for the module `relativePath` (written with `.ts`, as
 * imports are) beside the caller whose `import.meta.url` is `base`. The compiled server (dist/,
 * the same layout as src/) starts the built `.js` file itself. From the sources (tsx, Vitest) a
 * one-line entry registers tsx in the worker first, since a worker does not inherit the
 * loader the thread that starts it runs under.
 */
export function workerEntry(relativePath: string, base: string): URL {
  if (base.endsWith('.js')) return new URL(relativePath.replace(/\.ts$/, '.js'), base);
  const tsx = import.meta.resolve('tsx/esm/api');
  const target = new URL(relativePath, base).href;
  return new URL(
    `data:text/javascript,${encodeURIComponent(
      `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(target)});`,
    )}`,
  );
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One SQL statement on the database at `url` through psql; rows as lines, columns split by |. */
export async function sql(url: string, query: string): Promise<string[][]> {
  const { stdout } = await run('psql', [url, '-At', '-v', 'ON_ERROR_STOP=1', '-c', query]);
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('|'));
}

import { chmodSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { errorLine } from './cli-run.ts';
import { PRIVATE_FILE_MODE } from './private-files.ts';

/** The channel a running server with the embedded database serves the commands on. */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

/** What a command printed and how it ended. */
export interface CommandOutcome {
  code: number;
  out: string[];
  err: string[];
}

export type RunCommand = (
  argv: string[],
  out: (line: string) => void,
  err: (line: string) => void,
) => Promise<number>;

/** Arguments of a command line sent to the server; far above any real one. */
const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * Serves the operator's commands to the CLI on a Unix socket (DATA_DIR/control.sock): with the
 * embedded database only the server's process may open it, so a command run while the server
 * runs is run here, in that process. HTTP on the socket; only the server's user can connect
 * (mode 0600, and DATA_DIR is 0700). Resolves once listening; the caller closes it.
 */
export async function serveControlChannel(
  path: string,
  run: RunCommand,
): Promise<{ close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const outcome: CommandOutcome = { code: 2, out: [], err: [] };
      const reply = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(outcome));
      };
      let argv: unknown;
      try {
        argv = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { argv?: unknown }).argv;
      } catch {
        argv = undefined;
      }
      if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) {
        outcome.err.push('The control channel takes {"argv": [strings]}.');
        reply();
        return;
      }
      run(
        argv,
        (line) => outcome.out.push(line),
        (line) => outcome.err.push(line),
      ).then(
        (code) => {
          outcome.code = code;
          reply();
        },
        (err: unknown) => {
          outcome.code = 1;
          outcome.err.push(errorLine(err));
          reply();
        },
      );
    });
  });
  // A socket file left by a crashed server: the caller holds the database's lock, so no live
  // server listens on it.
  rmSync(path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, PRIVATE_FILE_MODE);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * Sends a command line to the server listening on `path`; null when none listens there (no
 * socket, or one left by a server that has stopped).
 */
export function callControlChannel(path: string, argv: string[]): Promise<CommandOutcome | null> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: path,
        method: 'POST',
        path: '/commands',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CommandOutcome);
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    req.end(JSON.stringify({ argv }));
  });
}

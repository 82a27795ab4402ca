import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on now, for a server process a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((r) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => r(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Resolves once the server process answers its readiness probe; throws with its output if it exits. */
export async function waitReady(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

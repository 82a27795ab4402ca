import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a provider double on a free loopback port; `close` drops its open connections first,
 * so a client's kept-alive socket does not hold the suite open.
 */
export async function listenOnLoopback(
  server: Server,
): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

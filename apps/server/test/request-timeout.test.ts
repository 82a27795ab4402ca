import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const BODY_LENGTH = 100;

function head(port: number, length: number): string {
  return [
    'POST /api/auth/sign-in/email HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
}

/** What the server said on a socket, and whether it closed it. */
function watch(socket: Socket) {
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  // A byte the trickle writes after the server closed the connection is answered with a reset:
  // the socket then reports ECONNRESET before it closes, which is the server's cut, not a failure.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { closed, received: () => received };
}

describe('a slow request body', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(testDatabases()[0]!, {
      slaJob: false,
      env: { REQUEST_TIMEOUT_MS: '1000' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is cut off with 408 before the client has sent it, while a prompt one is answered', async () => {
    const slow = connect(port, '127.0.0.1');
    const slowWatch = watch(slow);
    slow.write(head(port, BODY_LENGTH));
    let sent = 0;
    const trickle = setInterval(() => {
      if (slow.destroyed || sent >= BODY_LENGTH) return;
      slow.write(' ');
      sent += 1;
    }, 1000);
    try {
      await slowWatch.closed;
    } finally {
      clearInterval(trickle);
    }
    expect(sent).toBeLessThan(BODY_LENGTH);
    expect(slowWatch.received()).toMatch(/^HTTP\/1\.1 408 /);

    const body = JSON.stringify({ email: 'prompt@example.com', password: 'not-the-password' });
    const prompt = connect(port, '127.0.0.1');
    const promptWatch = watch(prompt);
    prompt.write(head(port, Buffer.byteLength(body)) + body);
    await promptWatch.closed;
    expect(promptWatch.received()).toMatch(/^HTTP\/1\.1 4\d\d /);
  });
});

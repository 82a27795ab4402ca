/** A provider's answer was larger than the caller allows. */
class BodyTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a fetched answer's body, giving up as soon as it passes `maxBytes`: counted while the
 * bytes arrive, so an endless or huge body costs at most that much memory (a Content-Length
 * header may lie or be absent).
 */
export async function readBodyWithin(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new BodyTooLargeError(maxBytes);
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

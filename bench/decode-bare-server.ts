/**
 * The baseline of `decode-bare.ts`: a bare Fastify 5 (no logger, no hooks, no plugins) answering
 * the decode path with a canned answer, the bytes of a real decode read from argv[2]'s file.
 * Prints `listening` once it listens on PORT.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const canned = readFileSync(process.argv[2] as string);
const app = Fastify();
app.get('/api/vehicles/DecodeVinValues/:vin', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').send(canned);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));

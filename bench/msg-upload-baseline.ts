/**
 * Baseline of the upload benchmark: a bare Fastify route with @fastify/multipart that streams the
 * file part to a temporary file — no session, no checks, no hash, no database. PORT from the environment.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024 } });
app.get('/readyz', async () => ({ ok: true }));
app.post('/upload', async (req) => {
  const target = path.join(os.tmpdir(), `bench-upload-${process.pid}`);
  for await (const part of req.parts()) {
    if (part.type === 'file') await pipeline(part.file, fs.createWriteStream(target));
  }
  fs.rmSync(target, { force: true });
  return { code: '200' };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

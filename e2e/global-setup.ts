import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startBuiltServer } from './built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (mail without SMTP is written to its mail/ folder). */
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

/**
 * One built product for all browser tests: `server/dist/main.js` (built by `npm run test:e2e`)
 * on a free port with a fresh embedded database, seeded with the demo data on first start.
 */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('run `npm run build` first (npm run test:e2e does)');
  }
  const server = await startBuiltServer({ port: await freePort(), timeoutMs: 240_000, dataPrefix: 'erp-e2e-' });
  const { url: baseUrl, dataDir } = server;
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return () => server.stop();
}

import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, seededDataDir, startBuiltServer } from './built-server';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One built server per browser-test worker: worker n (VITEST_POOL_ID) uses servers[n - 1]. */
    servers: Array<{
      baseUrl: string;
      /** The server's DATA_DIR (mail without SMTP is written to its mail/ folder). */
      dataDir: string;
    }>;
    /** The demo data, seeded once: a file starting a server of its own copies it (startBuiltServer `from`). */
    seededDataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

/**
 * The built product for the browser tests: `server/dist/main.js` (built by `npm run test:e2e`), one
 * per worker, each on a free port with a fresh embedded database: a copy of one seeded with the demo
 * data here. Files of different workers never share a server, so one file's changes to the demo data
 * reach only the files after it on the same worker, as when all ran on one (issue 33).
 */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('run `npm run build` first (npm run test:e2e does)');
  }
  const seeded = await seededDataDir(300_000);
  const started = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, async () => startBuiltServer({ port: await freePort(), timeoutMs: 120_000, dataPrefix: 'erp-e2e-', from: seeded.dir })),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = () => Promise.all(servers.map((s) => s.stop())).then(() => seeded.remove());
  const refused = started.find((s) => s.status === 'rejected');
  if (refused) {
    await stopAll();
    throw refused.reason;
  }
  project.provide(
    'servers',
    servers.map((s) => ({ baseUrl: s.url, dataDir: s.dataDir })),
  );
  project.provide('seededDataDir', seeded.dir);
  return stopAll;
}

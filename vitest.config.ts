import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/workers';
import { SlowFirstSequencer } from './vitest.sequencer';

/**
 * API-test workers: three on the 2-core CI machine, where a test waiting on its server's answers
 * left the cores idle part of the time with two (2026-12-07: 305 s with three against about 355 s).
 */
const API_WORKERS = Math.max(1, Number(process.env.API_WORKERS ?? 3) || 1);

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Vitest's 5 s is too short on a loaded 2-core machine: with two busy loops beside the suite,
          // exceljs reading a whole-column list took 5.75 s (zip-bounds.test.ts). A test waits for a
          // state, not a time; this limit only says when to give up.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['server/**/*.api.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: API_WORKERS,
          // The files of a worker share one process and its loaded modules: each file importing the
          // whole server again took a fifth of the part (220 s of 1,100 summed). Each file still has
          // its own database and server; buildApp empties what modules keep per process
          // (platform/process-caches.ts).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          // A poll waits for a state; its limit only says when to give up. Vitest's default of 1 s is
          // less than a page takes to settle on a loaded machine (CI run 12, with a CPU hog beside:
          // the title poll after a sign-in).
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});

/**
 * Browser-test workers, each with a built server of its own (global-setup.ts): two on the 2-core CI
 * machine (one left chromium and the server idle a third of the time). E2E_WORKERS=1 runs every file
 * on one server, one after the other. Read by vitest.config.ts and global-setup.ts alike.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

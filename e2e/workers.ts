/**
 * Browser-test workers, each with a built server of its own (global-setup.ts). Three on the 2-core CI
 * machine: a browser test waits for the page and the server as much as it computes, so with two the
 * cores stood idle about half the time (2026-12-07: 713 s with two, 614 s with three, all green).
 * E2E_WORKERS=1 runs every file on one server, one after the other. Read by vitest.config.ts and
 * global-setup.ts alike.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3) || 1);

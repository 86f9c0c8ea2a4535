/**
 * What a module keeps for its process from the database it serves: parsed process definitions,
 * today's delegations, shared secrets, the talent pool's word statistics. A production process
 * serves one database for its life; a process that builds an app on another database — the API
 * tests run many files, each with its own database, in one worker — starts that app with them
 * emptied (buildApp), so nothing read from one database answers for another.
 */
const clears = new Set<() => void>();

/** A module's cache, emptied by `forgetProcessCaches` (registered once, at module load). */
export function processCache(clear: () => void): void {
  clears.add(clear);
}

export function forgetProcessCaches(): void {
  for (const clear of clears) clear();
}

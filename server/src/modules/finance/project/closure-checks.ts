import type { Db } from '../../../platform/db';

/**
 * What must be settled before a project may be closed. Each area that keeps open work on a project
 * registers one check here (this area: open changes and subprojects; bills — issue 17 — unsettled
 * bills; work hours — issue 18 — open work-hour records). `checkFinishedApply` asks them all and
 * `submitFinishedApply` refuses while any answers a reason.
 */
export interface ClosureCheck {
  /** Stable key, answered with the reason ("change", "bill", "workHour"…). */
  key: string;
  /** A reason the project cannot be closed yet (zh-CN), or null. Runs in the caller's transaction. */
  check(db: Db, projectId: number): Promise<string | null>;
}

const checks = new Map<string, ClosureCheck>();

export function registerClosureCheck(check: ClosureCheck): void {
  checks.set(check.key, check);
}

export async function runClosureChecks(db: Db, projectId: number): Promise<Array<{ check: string; message: string }>> {
  const reasons: Array<{ check: string; message: string }> = [];
  for (const c of checks.values()) {
    const message = await c.check(db, projectId);
    if (message) reasons.push({ check: c.key, message });
  }
  return reasons;
}

export function closureCheckKeys(): string[] {
  return [...checks.keys()];
}

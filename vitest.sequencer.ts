import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slowest files took on the 2-core CI machine (`npm test` prints the ten slowest: move a
 * file here when it joins them). They start first: with two workers, a long file that starts last
 * runs alone at the end while the other worker idles (the axe sweep did, for three minutes).
 */
const SLOW: Record<string, number> = {
  'e2e/everyday-axe.e2e.test.ts': 90,
  'e2e/everyday-axe-menus.e2e.test.ts': 90,
  'e2e/shell-session.e2e.test.ts': 63,
  'e2e/front-certificate.e2e.test.ts': 61,
  'e2e/everyday-shell.e2e.test.ts': 47,
  'e2e/everyday-requests.e2e.test.ts': 46,
  'e2e/finance-reimburse.e2e.test.ts': 43,
  'e2e/hr-lifecycle.e2e.test.ts': 40,
  'server/src/platform/backup/backup.api.test.ts': 50,
  'server/src/modules/finance/billing/economics-kept.api.test.ts': 41,
  'server/src/modules/msg/live-outage.api.test.ts': 30,
  'server/src/modules/finance/project/budget-rollup.api.test.ts': 22,
  'server/src/main.api.test.ts': 16,
};

const root = import.meta.dirname;

/** Vitest's order (failed first, then by the last run's times, else by size), the known slow files before all. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (f: TestSpecification) => SLOW[path.relative(root, f.moduleId).split(path.sep).join('/')] ?? 0;
    return [...ordered].sort((a, b) => seconds(b) - seconds(a));
  }
}

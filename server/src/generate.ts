import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { generateLargeDataSet } from './db/generate';
import { isEmpty, seedDemo } from './db/seed';
import { storageFromConfig } from './modules/file/file-storage';
import { generateBills } from './modules/finance/billing/billing.generate';
import { generateProjects } from './modules/finance/project/project.generate';
import { generateCandidates } from './modules/recruit/recruit.generate';
import { generateHistory } from './modules/report/report.generate';
import { loadConfig } from './platform/config';
import { openPglite, openPostgres } from './platform/db';

/**
 * `npm run db:generate -- --employees 50000 [--departments 2000] [--candidates 200000] [--projects 2000] [--history]`:
 * a large data set for benchmarks. `--employees 0` skips the people (e.g. to add only candidates to a copy).
 */
const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '50000' },
    departments: { type: 'string', default: '2000' },
    candidates: { type: 'string', default: '0' },
    projects: { type: 'string', default: '2000' },
    /** Two years of leavers and recruitment outcomes for the report centre (bench/scenarios/reports.ts). */
    history: { type: 'boolean', default: false },
  },
});
const config = loadConfig();
const database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
await database.migrate();
if (await isEmpty(database.db)) await seedDemo(database.db, new Date(), undefined, config.BUSINESS_TIME_ZONE, { files: storageFromConfig(config) });
const started = Date.now();
if (Number(values.employees) > 0) await generateLargeDataSet(database.db, { employees: Number(values.employees), departments: Number(values.departments) });
if (Number(values.candidates) > 0) await generateCandidates(database.db, Number(values.candidates), (m) => console.log(m));
if (values.history) await generateHistory(database.db, (m) => console.log(m));
// Projects × 24 months × 30 subjects for the budget statistics (bench/scenarios/finance-projects.ts).
if (Number(values.projects) > 0) {
  await generateProjects(database.db, Number(values.projects));
  // A bill per project and month with 25 people each, invoices and collections (bench/scenarios/finance-billing.ts).
  await generateBills(database.db);
}
// What autovacuum does to a live database after a bulk load: planner statistics, and a visibility map
// for index-only scans (the load updated every new row once, leaving as many dead rows behind).
await database.db.execute(sql`VACUUM (ANALYZE)`);
console.log(
  `generated ${values.employees} employees in ${values.departments} departments, ${values.candidates} candidates and ${values.projects} projects in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();

#!/usr/bin/env node
// The API test files run on the other Node lines (scripts/node-lts.sh): at least one per server
// module, the engine and the platform. Prints them space-separated; fails, naming it, when a module
// folder has no file here or a named file is gone, so a new module cannot slip past that run.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = 'server/src';

/** Module (a folder of server/src/modules, or a part outside it) → the file that stands for it. */
export const API_SUBSET = {
  assets: 'modules/assets/assets.api.test.ts',
  auth: 'modules/auth/auth.api.test.ts',
  base: 'modules/base/dictionary.api.test.ts',
  bpm: 'modules/bpm/bpm.api.test.ts',
  file: 'modules/file/file.api.test.ts',
  finance: 'modules/finance/reimburse/reimburse.api.test.ts',
  front: 'modules/front/advice.api.test.ts',
  greeting: 'modules/greeting/greeting.api.test.ts',
  help: 'modules/help/help.api.test.ts',
  hr: 'modules/hr/employee.api.test.ts',
  msg: 'modules/msg/live-redis.api.test.ts',
  position: 'modules/position/position.api.test.ts',
  recruit: 'modules/recruit/recruit.api.test.ts',
  report: 'modules/report/report.api.test.ts',
  salary: 'modules/salary/payroll.api.test.ts',
  signature: 'modules/signature/signature.api.test.ts',
  // The system module's calls (backup archives), with every other call of the contract, refused to a
  // stranger and to an employee without the permission. Its own test (platform/backup) starts servers
  // as processes: 45 s of the run's 100.
  system: 'platform/http/authorization-matrix.api.test.ts',
  workflow: 'workflow/engine.api.test.ts',
  platform: 'platform/http/odd-input.api.test.ts',
  'first start': 'first-start.api.test.ts',
};

const problems = [];
for (const dir of fs.readdirSync(path.join(root, src, 'modules'), { withFileTypes: true })) {
  if (dir.isDirectory() && !(dir.name in API_SUBSET)) problems.push(`module ${dir.name} has no file in scripts/api-subset.mjs`);
}
for (const [name, file] of Object.entries(API_SUBSET)) {
  if (!fs.existsSync(path.join(root, src, file))) problems.push(`${name}: ${src}/${file} does not exist`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  Object.values(API_SUBSET)
    .map((f) => `${src}/${f}`)
    .join(' '),
);
